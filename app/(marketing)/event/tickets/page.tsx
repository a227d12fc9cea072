import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";

export const metadata: Metadata = { title: "Event tickets" };

/** /event/tickets — placeholder until the feature is built. */
export default function EventTicketsPage() {
  return <PlaceholderPage title="Event tickets" />;
}
