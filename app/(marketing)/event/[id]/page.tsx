import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CalendarDays, Heart, MapPin, Ticket } from "lucide-react";
import { absoluteUrl, publicPageMetadata } from "@/components/share/page-metadata";
import { ShareButton } from "@/components/share/share-dialog";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { getSessionUser } from "@/lib/auth/session";
import { isAppError } from "@/lib/errors";
import { getPublicEvent, type PublicEvent } from "@/lib/services/events/get-event";
import { getTicketPage } from "@/lib/services/events/tickets";
import { LikeButton } from "./_components/like-button";

type Props = { params: Promise<{ id: string }> };

async function load(id: string, withUser: boolean): Promise<PublicEvent | null> {
  try {
    return await getPublicEvent(decodeURIComponent(id), withUser ? await getSessionUser() : null);
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") return null;
    throw err;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const event = await load((await params).id, false);
  if (!event) return { title: "Event not found" };
  return publicPageMetadata({
    title: event.name,
    description: (event.description || `${event.name}, an event by ${event.organization.name} on Givebridge.`).slice(0, 300),
    path: `/event/${event._id}`,
  });
}

const when = (iso: string) =>
  new Date(iso).toLocaleString("en-US", { weekday: "long", month: "long", day: "numeric", year: "numeric", hour: "numeric", minute: "2-digit", timeZone: "UTC", timeZoneName: "short" });

/** /event/:id — one event of a public organization, with its like button and sharing. */
export default async function EventPage({ params }: Props) {
  const event = await load((await params).id, true);
  if (!event) notFound();
  const [user, tickets] = await Promise.all([getSessionUser(), getTicketPage(event._id)]);
  const sellsTickets = !tickets.ended && tickets.ticketTypes.length > 0;
  const allSoldOut = tickets.ticketTypes.every((t) => t.soldOut);
  const place = [event.venue, event.addressLine1, [event.city, event.state].filter(Boolean).join(", "), event.zipcode].filter(Boolean).join(" · ");
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">{event.topic ?? "Event"}</p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{event.name}</h1>
      <p className="mt-2 text-ink-muted">
        By{" "}
        <Link href={`/nonprofit/${event.organization._id}`} className="font-semibold text-brand-700 hover:underline">
          {event.organization.name}
        </Link>
      </p>
      <Card className="mt-6 space-y-3">
        <p className="flex items-start gap-2 text-ink">
          <CalendarDays className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
          <span>
            {when(event.startsAt)}
            {event.endsAt ? ` to ${when(event.endsAt)}` : ""}
          </span>
        </p>
        {place ? (
          <p className="flex items-start gap-2 text-ink">
            <MapPin className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <span>{place}</span>
          </p>
        ) : null}
      </Card>
      {event.description ? <p className="mt-6 whitespace-pre-line text-lg leading-relaxed text-ink">{event.description}</p> : null}
      <div className="mt-8 flex flex-wrap gap-3">
        {sellsTickets ? (
          <LinkButton href={`/event/tickets?eventId=${encodeURIComponent(event._id)}`} leftIcon={<Ticket className="size-4" aria-hidden="true" />}>
            {allSoldOut ? "Tickets (sold out)" : "Get tickets"}
          </LinkButton>
        ) : null}
        {user ? (
          <LikeButton eventId={event._id} userId={user._id} initialLiked={event.likedByMe} initialCount={event.likesCount} />
        ) : (
          <LinkButton href={`/login?callbackUrl=${encodeURIComponent(`/event/${event._id}`)}`} variant="outline" leftIcon={<Heart className="size-4" aria-hidden="true" />}>
            Log in to like · {event.likesCount}
          </LinkButton>
        )}
        <ShareButton title={`Share ${event.name}`} url={absoluteUrl(`/event/${event._id}`)} size="md" />
        <LinkButton href={`/nonprofit/events/${event.organization._id}`} variant="ghost">
          More events by {event.organization.name}
        </LinkButton>
      </div>
    </article>
  );
}
