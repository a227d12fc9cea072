import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";

export const metadata: Metadata = { title: "Completing your donation" };

/** /complete-donation — placeholder until the feature is built. */
export default function CompleteDonationPage() {
  return <PlaceholderPage title="Completing your donation" />;
}
