import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { CalendarDays } from "lucide-react";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { LinkButton } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { isAppError } from "@/lib/errors";
import type { EventSearchHit } from "@/lib/search/events";
import { listOrganizationEvents } from "@/lib/services/events/list-events";
import { formatInTimeZone } from "@/lib/time/organization-time-zone";

type Props = { params: Promise<{ id: string }> };

async function load(id: string) {
  try {
    return await listOrganizationEvents({ organizationId: decodeURIComponent(id) });
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") return null;
    throw err;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const data = await load((await params).id);
  if (!data) return { title: "Organization not found" };
  return publicPageMetadata({
    title: `Events by ${data.organization.name}`,
    description: `Upcoming and past events of ${data.organization.name} on Givebridge.`,
    path: `/nonprofit/events/${data.organization._id}`,
  });
}

function EventList({ events, timeZone }: { events: EventSearchHit[]; timeZone: string }) {
  return (
    <ul className="mt-4 divide-y divide-slate-100">
      {events.map((e) => (
        <li key={e._id}>
          <Link href={`/event/${e._id}`} className="flex items-start gap-3 py-3 hover:bg-brand-50">
            <CalendarDays className="mt-0.5 size-5 shrink-0 text-brand-700" aria-hidden="true" />
            <span className="min-w-0">
              <span className="block font-semibold break-words text-ink">{e.name}</span>
              <span className="text-sm text-ink-muted">
                <time dateTime={e.startsAt}>{formatInTimeZone(e.startsAt, timeZone)}</time>
                {e.city ? ` · ${[e.city, e.state].filter(Boolean).join(", ")}` : ""} · {e.likesCount} likes
              </span>
            </span>
          </Link>
        </li>
      ))}
    </ul>
  );
}

/** /nonprofit/events/:id — an organization's events, upcoming then past. */
export default async function NonprofitEventsPage({ params }: Props) {
  const data = await load((await params).id);
  if (!data) notFound();
  return (
    <section className="mx-auto w-full max-w-3xl px-4 py-8 sm:py-12">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Events by {data.organization.name}</h1>
      <LinkButton href={`/nonprofit/${data.organization._id}`} variant="link" className="mt-2">
        Back to the profile
      </LinkButton>
      <Card className="mt-6">
        <CardTitle as="h2">Upcoming</CardTitle>
        {data.upcoming.length ? <EventList events={data.upcoming} timeZone={data.organization.timeZone} /> : <EmptyState className="mt-4" title="No upcoming events." />}
      </Card>
      {data.past.length ? (
        <Card className="mt-6">
          <CardTitle as="h2">Past events</CardTitle>
          <EventList events={data.past} timeZone={data.organization.timeZone} />
        </Card>
      ) : null}
    </section>
  );
}
