import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";

export const metadata: Metadata = { title: "Event" };

/** /event/[id] — placeholder until the feature is built. */
export default function EventPage() {
  return <PlaceholderPage title="Event" />;
}
