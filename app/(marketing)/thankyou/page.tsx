import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";

export const metadata: Metadata = { title: "Thank you" };

/** /thankyou — placeholder until the feature is built. */
export default function ThankYouPage() {
  return <PlaceholderPage title="Thank you" />;
}
