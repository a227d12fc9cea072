import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";
import { requireUserPage } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Manage Donations" };

/** /manage-pay — placeholder until the feature is built; signed-in nonprofit users only. */
export default async function ManagePayPage() {
  await requireUserPage("/manage-pay", "nonprofit");
  return <PlaceholderPage title="Manage Donations" backHref="/dashboard" backLabel="Back to your dashboard" />;
}
