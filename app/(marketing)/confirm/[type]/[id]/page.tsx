import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";

export const metadata: Metadata = { title: "Confirm" };

/** /confirm/[type]/[id] — placeholder until the feature is built. */
export default function ConfirmPage() {
  return <PlaceholderPage title="Confirm" />;
}
