import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";
import { requireUserPage } from "@/lib/auth/session";

export const metadata: Metadata = { title: "Donation tracking" };

/** /donationTracking — placeholder until the feature is built; signed-in users only. */
export default async function DonationTrackingPage() {
  await requireUserPage("/donationTracking");
  return <PlaceholderPage title="Donation tracking" backHref="/dashboard" backLabel="Back to your dashboard" />;
}
