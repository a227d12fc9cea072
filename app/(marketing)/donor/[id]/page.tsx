import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";
import { requireUserPage } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Donation History" };

/** /donor/[id] — placeholder until the feature is built; signed-in users only. */
export default async function DonorPage({ params }: { params: Promise<{ id: string }> }) {
  const { id } = await params;
  await requireUserPage(`/donor/${encodeURIComponent(id)}`);
  return <PlaceholderPage title="Donation History" backHref="/dashboard" backLabel="Back to your dashboard" />;
}
