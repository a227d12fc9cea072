import type { Metadata } from "next";
import Link from "next/link";
import { CalendarDays, MapPin } from "lucide-react";
import { EmptyState } from "@/components/ui/empty-state";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { getSessionUser } from "@/lib/http/session";
import { isAppError } from "@/lib/errors";
import { activeProviderName } from "@/lib/payments";
import { getTicketPage, type TicketPage } from "@/lib/services/events/tickets";
import { messages } from "@/lib/validations/messages";
import { formatTimeRange } from "@/lib/time/zoned-time";
import { TicketPurchase } from "./_components/ticket-purchase";

export const metadata: Metadata = { title: "Event tickets" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load(eventId: string): Promise<TicketPage | null> {
  if (!eventId) return null;
  try {
    return await getTicketPage({ eventId });
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") return null;
    throw err;
  }
}

/** /event/tickets?eventId=... — an event's ticket types, remaining seats, and the order form. */
export default async function EventTicketsPage({ searchParams }: Props) {
  const raw = (await searchParams).eventId;
  const eventId = (Array.isArray(raw) ? raw[0] : raw)?.trim() ?? "";
  const [page, user] = await Promise.all([load(eventId), getSessionUser()]);
  if (!page) {
    return (
      <div className="mx-auto w-full max-w-2xl px-4 py-12">
        <EmptyState title={messages.events.notFound} description="The link may be old, or the event was removed." action={<LinkButton href="/">Back to the home page</LinkButton>} />
      </div>
    );
  }
  const { event } = page;
  const place = [event.venue, [event.city, event.state].filter(Boolean).join(", ")].filter(Boolean).join(" · ");
  const buyer = user ? { name: `${user.firstName} ${user.lastName}`.trim() || user.organization_company, email: user.email } : null;
  return (
    <div className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">Tickets</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words text-ink sm:text-4xl">{event.name}</h1>
      <p className="mt-2 text-ink-muted">
        By{" "}
        <Link href={`/nonprofit/${event.organization._id}`} className="font-semibold text-brand-700 hover:underline">
          {event.organization.name}
        </Link>
        {" · "}
        <Link href={`/event/${event._id}`} className="font-semibold text-brand-700 hover:underline">
          Event details
        </Link>
      </p>
      <Card className="mt-6 space-y-2" padding="sm">
        <p className="flex items-start gap-2 text-ink">
          <CalendarDays className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <time dateTime={event.startsAt} data-testid="event-when">
            {formatTimeRange(event.startsAt, event.endsAt, event.timeZone)}
          </time>
        </p>
        {place ? (
          <p className="flex items-start gap-2 text-ink">
            <MapPin className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <span className="break-words">{place}</span>
          </p>
        ) : null}
      </Card>
      <div className="mt-8">
        {page.ended ? (
          <EmptyState title={messages.events.ended} />
        ) : page.ticketTypes.length === 0 ? (
          <EmptyState title="This event does not offer tickets." description="Check the event details for how to take part." />
        ) : (
          <TicketPurchase eventId={event._id} eventName={event.name} ticketTypes={page.ticketTypes} buyer={buyer} provider={activeProviderName()} />
        )}
      </div>
    </div>
  );
}
