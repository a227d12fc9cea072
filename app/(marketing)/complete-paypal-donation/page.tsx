import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";

export const metadata: Metadata = { title: "Completing your PayPal donation" };

/** /complete-paypal-donation — placeholder until the feature is built. */
export default function CompletePaypalDonationPage() {
  return <PlaceholderPage title="Completing your PayPal donation" />;
}
