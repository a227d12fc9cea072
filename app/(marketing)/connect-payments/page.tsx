import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";
import { requireUserPage } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Connect Payments" };

/** /connect-payments — placeholder until the feature is built; signed-in nonprofit users only. */
export default async function ConnectPaymentsPage() {
  await requireUserPage("/connect-payments", "nonprofit");
  return <PlaceholderPage title="Connect Payments" backHref="/dashboard" backLabel="Back to your dashboard" />;
}
