import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";

export const metadata: Metadata = { title: "Forgot password" };

/** /forgot — placeholder until the feature is built. */
export default function ForgotPage() {
  return <PlaceholderPage title="Forgot password" backHref="/login" backLabel="Back to login" />;
}
