import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";

export const metadata: Metadata = { title: "Reset password" };

/** /reset/[token] — placeholder until the feature is built. */
export default function ResetPasswordPage() {
  return <PlaceholderPage title="Reset password" backHref="/login" backLabel="Back to login" />;
}
