import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";

export const metadata: Metadata = { title: "PayPal donation cancelled" };

/** /cancle-paypal-donation — placeholder until the feature is built. */
export default function CancelPaypalDonationPage() {
  return <PlaceholderPage title="PayPal donation cancelled" />;
}
