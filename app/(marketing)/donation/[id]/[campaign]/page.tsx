import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";

export const metadata: Metadata = { title: "Donate" };

/** /donation/[id]/[campaign] — placeholder until the feature is built. */
export default function DonationPage() {
  return <PlaceholderPage title="Donate" />;
}
