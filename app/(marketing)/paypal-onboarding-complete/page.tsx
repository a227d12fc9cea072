import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";

export const metadata: Metadata = { title: "PayPal connection" };

/** /paypal-onboarding-complete — placeholder until the feature is built. */
export default function PaypalOnboardingCompletePage() {
  return <PlaceholderPage title="PayPal connection" backHref="/dashboard" backLabel="Back to your dashboard" />;
}
