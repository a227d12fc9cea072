import Link from "next/link";
import { notFound } from "next/navigation";
import { CalendarDays, MapPin, Ticket } from "lucide-react";
import { absoluteUrl } from "@/components/share/page-metadata";
import { ShareButton } from "@/components/share/share-dialog";
import { LinkButton } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import type { Actor } from "@/lib/auth/actor";
import { isAppError } from "@/lib/errors";
import { formatCents } from "@/lib/money";
import { getPublicEvent, type PublicEvent } from "@/lib/services/events/get-event";
import { getTicketPage } from "@/lib/services/events/tickets";
import type { TicketTypeView } from "@/lib/services/events/manage-events";
import { formatTimeRange } from "@/lib/time/organization-time-zone";
import { LikeButton } from "./like-button";

/** The event as `actor` (null: an anonymous visitor) may see it, or null when there is none to show. */
export async function loadEvent(id: string, actor: Actor | null): Promise<PublicEvent | null> {
  try {
    return await getPublicEvent({ actor, eventId: decodeURIComponent(id) });
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") return null;
    throw err;
  }
}

/** "12 left", "Sold out" or "No limit" for a ticket type. */
function whatIsLeft(t: TicketTypeView): string {
  if (t.soldOut) return "Sold out";
  if (t.remaining === null) return "No limit";
  return `${t.remaining} left`;
}

/**
 * /event/:id — one event of a public organization: image, description, date and time in the
 * organization's own time zone, place, ticket types with prices and what is left, Buy
 * tickets, the like button and sharing. `actor` is null on the cached page everyone gets
 * (app/(public)), the signed-in visitor in the view rendered for them (loadVisitorView).
 */
export async function EventView({ id, actor }: { id: string; actor: Actor | null }) {
  const event = await loadEvent(id, actor);
  if (!event) notFound();
  const tickets = await getTicketPage({ eventId: event._id });
  const sellsTickets = !tickets.ended && tickets.ticketTypes.length > 0;
  const allSoldOut = tickets.ticketTypes.every((t) => t.soldOut);
  const cityLine = [[event.city, event.state].filter(Boolean).join(", "), event.zipcode].filter(Boolean).join(" ");
  const placeLines = [event.venue, event.addressLine1, cityLine].filter((x): x is string => Boolean(x));
  const when = formatTimeRange(event.startsAt, event.endsAt, event.timeZone, { long: true });
  const ticketsHref = `/event/tickets?eventId=${encodeURIComponent(event._id)}`;
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      {event.imageUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- images come from any configured storage host
        <img src={event.imageUrl} alt="" className="mb-6 aspect-video w-full rounded-card object-cover" data-testid="event-image" />
      ) : null}
      <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{event.topic ?? "Event"}</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight break-words text-ink sm:text-4xl">{event.name}</h1>
      <p className="mt-2 break-words text-ink-muted">
        By{" "}
        <Link href={`/nonprofit/${event.organization._id}`} className="font-semibold text-brand-700 hover:underline">
          {event.organization.name}
        </Link>
      </p>
      <Card className="mt-6 space-y-3">
        <p className="flex items-start gap-2 text-ink">
          <CalendarDays className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <time dateTime={event.startsAt} data-testid="event-when" className="min-w-0">
            {when}
          </time>
        </p>
        {placeLines.length ? (
          <p className="flex items-start gap-2 text-ink">
            <MapPin className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <span className="min-w-0 break-words">
              {placeLines.map((line, i) => (
                <span key={i} className="block">
                  {line}
                </span>
              ))}
            </span>
          </p>
        ) : null}
      </Card>
      {event.description ? <p className="mt-6 text-lg leading-relaxed break-words whitespace-pre-line text-ink">{event.description}</p> : null}

      {tickets.ticketTypes.length ? (
        <Card className="mt-8">
          <CardTitle as="h2">Tickets</CardTitle>
          <ul className="mt-3 divide-y divide-slate-100" aria-label="Ticket types">
            {tickets.ticketTypes.map((t) => (
              <li key={t._id} className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1 py-3" data-testid="ticket-type">
                <span className="min-w-0 font-semibold break-words text-ink">{t.name}</span>
                <span className="flex gap-3 text-sm tabular-nums">
                  <span className="font-semibold text-ink">{t.priceCents === 0 ? "Free" : formatCents(t.priceCents)}</span>
                  <span className={t.soldOut ? "font-semibold text-red-700" : "text-ink-muted"}>{whatIsLeft(t)}</span>
                </span>
              </li>
            ))}
          </ul>
          {tickets.ended ? (
            <p className="mt-3 text-sm text-ink-muted">This event has ended; tickets are no longer sold.</p>
          ) : sellsTickets && !allSoldOut ? (
            <LinkButton href={ticketsHref} className="mt-4" leftIcon={<Ticket className="size-4" aria-hidden="true" />}>
              Buy tickets
            </LinkButton>
          ) : (
            <p className="mt-3 text-sm font-semibold text-ink">All tickets are sold out.</p>
          )}
        </Card>
      ) : null}

      <div className="mt-8 flex flex-wrap gap-3">
        <LikeButton eventId={event._id} userId={actor ? actor.id : "browser"} initialLiked={event.likedByMe} initialCount={event.likesCount} />
        <ShareButton title={`Share ${event.name}`} url={absoluteUrl(`/event/${event._id}`)} size="md" />
      </div>
      <p className="mt-6 break-words">
        <Link href={`/nonprofit/events/${event.organization._id}`} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
          More events by {event.organization.name}
        </Link>
      </p>
    </article>
  );
}
