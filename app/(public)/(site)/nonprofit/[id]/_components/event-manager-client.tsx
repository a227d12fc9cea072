"use client";

import { CalendarDays, MapPin, Pencil, Plus, ReceiptText, Ticket, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { Modal } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { formatCents } from "@/lib/money";
import type { ManagedEvent, TicketTypeView } from "@/lib/services/events/manage-events";
import { formatTimeRange } from "@/lib/time/zoned-time";
import { EventForm } from "./event-form";
import { TicketOrdersDialog } from "./ticket-orders-dialog";
import { requestJson } from "@/lib/client/request";

const ticketSummary = (t: TicketTypeView) =>
  `${t.name}: ${t.priceCents === 0 ? "Free" : formatCents(t.priceCents)} · ${t.quantity === null ? `${t.sold} sold, unlimited` : t.soldOut ? `Sold out (${t.quantity})` : `${t.sold} of ${t.quantity} sold`}`;

/**
 * The owner's events card: upcoming and past events (times in the organization's zone, the
 * zone named), create, edit and delete. `timeZone` is the organization's, for a new event.
 */
export function EventManagerClient({ organizationId, upcoming, past, timeZone }: { organizationId: string; upcoming: ManagedEvent[]; past: ManagedEvent[]; timeZone: string }) {
  const router = useRouter();
  // "Create event" waits for this code: a click before hydration would be lost.
  const hydrated = useHydrated();
  const [editing, setEditing] = useState<ManagedEvent | "new" | null>(null);
  const [deleting, setDeleting] = useState<ManagedEvent | null>(null);
  const [deleteBusy, setDeleteBusy] = useState(false);
  const [deleteError, setDeleteError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(null);
  const [ordersOf, setOrdersOf] = useState<ManagedEvent | null>(null);

  async function confirmDelete() {
    if (!deleting) return;
    setDeleteBusy(true);
    setDeleteError(null);
    const res = await requestJson(`/api/events/${encodeURIComponent(deleting._id)}`, { method: "DELETE", fallback: "We could not delete the event. Please try again." });
    setDeleteBusy(false);
    if (!res.ok) {
      setDeleteError(res.message);
      return;
    }
    setStatus(`${deleting.name} was deleted.`);
    setDeleting(null);
    router.refresh();
  }

  const list = (title: string, items: ManagedEvent[], emptyText: string) => (
    <section aria-label={title} className="mt-5">
      <h3 className="text-sm font-semibold tracking-wide text-ink-muted uppercase">{title}</h3>
      {items.length === 0 ? (
        <p className="mt-2 text-sm text-ink-muted">{emptyText}</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-100">
          {items.map((e) => {
            const place = [e.venue, [e.city, e.state].filter(Boolean).join(", ")].filter(Boolean).join(" · ");
            return (
              <li key={e._id} className="py-3" data-testid="owner-event">
                <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
                  <div className="min-w-0">
                    <Link href={`/event/${e._id}`} className="font-semibold break-words text-brand-700 hover:underline">
                      {e.name}
                    </Link>
                    <p className="mt-1 flex items-start gap-1.5 text-sm text-ink-muted">
                      <CalendarDays className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                      <time dateTime={e.startsAt} data-testid="owner-event-when">
                        {formatTimeRange(e.startsAt, e.endsAt, e.timeZone)}
                      </time>
                    </p>
                    {place ? (
                      <p className="mt-0.5 flex items-start gap-1.5 text-sm text-ink-muted">
                        <MapPin className="mt-0.5 size-4 shrink-0" aria-hidden="true" />
                        <span className="break-words">{place}</span>
                      </p>
                    ) : null}
                    {e.ticketTypes.length ? (
                      <ul className="mt-1 space-y-0.5 text-sm text-ink" aria-label={`Tickets of ${e.name}`}>
                        {e.ticketTypes.map((t) => (
                          <li key={t._id} className="flex items-start gap-1.5">
                            <Ticket className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
                            <span className="break-words">{ticketSummary(t)}</span>
                          </li>
                        ))}
                      </ul>
                    ) : null}
                  </div>
                  <div className="flex shrink-0 flex-wrap gap-2">
                    {e.ticketTypes.length ? (
                      <Link href={`/event/tickets?eventId=${encodeURIComponent(e._id)}`} className="inline-flex h-8 items-center rounded-control px-3 text-sm font-semibold text-brand-700 hover:bg-brand-50">
                        Ticket page
                      </Link>
                    ) : null}
                    {e.ticketTypes.length ? (
                      <Button size="sm" variant="outline" leftIcon={<ReceiptText className="size-4" aria-hidden="true" />} onClick={() => setOrdersOf(e)} disabled={!hydrated} aria-label={`Ticket orders of ${e.name}`}>
                        Orders
                      </Button>
                    ) : null}
                    <Button size="sm" variant="outline" leftIcon={<Pencil className="size-4" aria-hidden="true" />} onClick={() => setEditing(e)} aria-label={`Edit ${e.name}`}>
                      Edit
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      leftIcon={<Trash2 className="size-4" aria-hidden="true" />}
                      onClick={() => {
                        setDeleteError(null);
                        setDeleting(e);
                      }}
                      aria-label={`Delete ${e.name}`}
                    >
                      Delete
                    </Button>
                  </div>
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </section>
  );

  return (
    <section aria-label="Manage events" className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <p className="text-sm text-ink-muted">Upcoming and past events of your organization.</p>
        <Button size="sm" leftIcon={<Plus className="size-4" aria-hidden="true" />} onClick={() => setEditing("new")} disabled={!hydrated}>
          Create event
        </Button>
      </div>
      <div aria-live="polite" className="mt-3 empty:hidden">
        {status ? (
          <Alert variant="success" onDismiss={() => setStatus(null)}>
            {status}
          </Alert>
        ) : null}
      </div>
      {upcoming.length === 0 && past.length === 0 ? (
        <EmptyState
          className="mt-4"
          icon={<CalendarDays />}
          title="You have no events yet."
          description="Create an event to share it on your profile and sell or give away tickets."
        />
      ) : (
        <>
          {list("Upcoming", upcoming, "No upcoming events.")}
          {list("Past", past, "No past events.")}
        </>
      )}
      <Modal
        open={editing !== null}
        onOpenChange={(open) => {
          if (!open) setEditing(null);
        }}
        title={editing === "new" ? "Create an event" : editing ? `Edit ${editing.name}` : "Event"}
        size="lg"
      >
        {editing !== null ? (
          <EventForm
            key={editing === "new" ? "new" : editing._id}
            organizationId={organizationId}
            timeZone={editing === "new" ? timeZone : editing.timeZone}
            event={editing === "new" ? null : editing}
            onCancel={() => setEditing(null)}
            onSaved={(saved) => {
              setStatus(editing === "new" ? `${saved.name} was created.` : `${saved.name} was saved.`);
              setEditing(null);
              router.refresh();
            }}
          />
        ) : null}
      </Modal>
      <TicketOrdersDialog event={ordersOf} open={ordersOf !== null} onOpenChange={(open) => !open && setOrdersOf(null)} />
      <Modal
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && !deleteBusy) setDeleting(null);
        }}
        title="Delete this event?"
        description={deleting ? `${deleting.name} and its ticket types will be removed. Events with ticket orders cannot be deleted.` : undefined}
        size="sm"
        preventClose={deleteBusy}
        footer={
          <>
            <Button variant="ghost" onClick={() => setDeleting(null)} disabled={deleteBusy}>
              Keep it
            </Button>
            <Button variant="danger" onClick={confirmDelete} loading={deleteBusy} loadingLabel="Deleting...">
              Delete event
            </Button>
          </>
        }
      >
        <div aria-live="polite">{deleteError ? <Alert variant="error">{deleteError}</Alert> : null}</div>
      </Modal>
    </section>
  );
}
