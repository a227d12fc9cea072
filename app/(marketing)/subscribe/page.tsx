import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";

export const metadata: Metadata = { title: "Subscribe" };

/** /subscribe — placeholder until the feature is built. */
export default function SubscribePage() {
  return <PlaceholderPage title="Subscribe" />;
}
