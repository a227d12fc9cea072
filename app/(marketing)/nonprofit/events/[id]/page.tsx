import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";

export const metadata: Metadata = { title: "Event" };

/** /nonprofit/events/[id] — placeholder until the feature is built. */
export default function NonprofitEventPage() {
  return <PlaceholderPage title="Event" />;
}
