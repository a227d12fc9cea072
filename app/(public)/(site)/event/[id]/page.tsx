import type { Metadata } from "next";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { VisitorView } from "../../_components/visitor-view";
import { EventView, loadEvent } from "./_components/event-view";

type Props = { params: Promise<{ id: string }> };

/** Served from cache; re-rendered at most every minute, and at once when the event or its tickets change (lib/cache/public-pages.ts). */
export const revalidate = 60;

/** No event is rendered at build time: each is rendered on its first visit, then cached. */
export function generateStaticParams(): { id: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const event = await loadEvent((await params).id, null);
  if (!event) return { title: "Event not found" };
  return publicPageMetadata({
    title: event.name,
    description: (event.description || `${event.name}, an event by ${event.organization.name} on Givebridge.`).slice(0, 300),
    path: `/event/${event._id}`,
  });
}

/** /event/:id, cached for every visitor; a signed-in visitor gets their like in the browser (VisitorView). */
export default async function EventPage({ params }: Props) {
  return (
    <VisitorView>
      <EventView id={(await params).id} actor={null} />
    </VisitorView>
  );
}
