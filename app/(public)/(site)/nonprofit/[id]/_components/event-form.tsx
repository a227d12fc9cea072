"use client";

import { Plus, Trash2 } from "lucide-react";
import { useId, useState, type FormEvent } from "react";
import { ImageUpload } from "@/components/image-upload";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextAreaField, TextField } from "@/components/ui/input";
import type { ManagedEvent } from "@/lib/services/events/manage-events";
import { parseDollarsToCents } from "@/lib/money";
import { MAX_TICKET_TYPES } from "@/lib/validations/event";
import { messages } from "@/lib/validations/messages";
import { formatInTimeZone, fromZonedInput, timeZoneAbbreviation, timeZoneLabel, toZonedInput } from "@/lib/time/zoned-time";
import { requestJson } from "@/lib/client/request";

type TicketRow = { key: string; id: string | null; name: string; price: string; value: string; quantity: string; sold: number };

const m = messages.events;
let rowSeq = 0;
const rowKey = () => `row-${++rowSeq}`;

const centsToDollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/** "Sat, Mar 14, 2026, 2:00 PM EDT" for a datetime-local value read in `timeZone`; null when none or invalid. */
function zonedPreview(value: string, timeZone: string): string | null {
  const iso = fromZonedInput(value, timeZone);
  return iso ? formatInTimeZone(iso, timeZone) : null;
}

/**
 * Create or edit one event: details, start and end entered and shown in the organization's
 * time zone (`timeZone`, named beside the fields; sent as UTC), place, the 16:9 image (once the
 * event exists) and ticket types (price in dollars sent as cents, 0 = free; empty quantity =
 * unlimited).
 */
export function EventForm({
  organizationId,
  timeZone,
  event,
  onSaved,
  onCancel,
}: {
  organizationId: string;
  timeZone: string;
  event: ManagedEvent | null;
  onSaved: (saved: ManagedEvent) => void;
  onCancel: () => void;
}) {
  const ids = useId();
  const [f, setF] = useState({
    name: event?.name ?? "",
    description: event?.description ?? "",
    topic: event?.topic ?? "",
    startsAt: toZonedInput(event?.startsAt ?? null, timeZone),
    endsAt: toZonedInput(event?.endsAt ?? null, timeZone),
    venue: event?.venue ?? "",
    addressLine1: event?.addressLine1 ?? "",
    city: event?.city ?? "",
    state: event?.state ?? "",
    zipcode: event?.zipcode ?? "",
  });
  const [tickets, setTickets] = useState<TicketRow[]>(() =>
    (event?.ticketTypes ?? []).map((t) => ({
      key: rowKey(),
      id: t._id,
      name: t.name,
      price: centsToDollars(t.priceCents),
      value: t.fairMarketValueCents === null ? "" : centsToDollars(t.fairMarketValueCents),
      quantity: t.quantity === null ? "" : String(t.quantity),
      sold: t.sold,
    })),
  );
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const zone = `${timeZoneLabel(timeZone)} (${timeZoneAbbreviation(timeZone)})`;
  const startPreview = zonedPreview(f.startsAt, timeZone);
  const endPreview = zonedPreview(f.endsAt, timeZone);

  const set = (k: keyof typeof f) => (e: { target: { value: string } }) => setF((s) => ({ ...s, [k]: e.target.value }));
  const setTicket = (key: string, patch: Partial<TicketRow>) => setTickets((rows) => rows.map((r) => (r.key === key ? { ...r, ...patch } : r)));

  async function submit(e: FormEvent) {
    e.preventDefault();
    setFormError(null);
    const local: Record<string, string> = {};
    if (!f.name.trim()) local.name = m.nameRequired;
    const startsAt = fromZonedInput(f.startsAt, timeZone);
    if (!startsAt) local.startsAt = startsAt === "" ? m.startRequired : m.dateInvalid;
    const endsAt = fromZonedInput(f.endsAt, timeZone);
    if (endsAt === null) local.endsAt = m.dateInvalid;
    else if (endsAt && startsAt && endsAt < startsAt) local.endsAt = m.endBeforeStart;
    const ticketTypes = tickets.map((t, i) => {
      const priceCents = t.price.trim() === "" ? 0 : parseDollarsToCents(t.price);
      const quantity = t.quantity.trim() === "" ? null : /^\d+$/.test(t.quantity.trim()) ? Number(t.quantity.trim()) : NaN;
      if (!t.name.trim()) local[`ticketTypes.${i}.name`] = m.ticketNameRequired;
      if (priceCents === null) local[`ticketTypes.${i}.priceCents`] = m.ticketPriceInvalid;
      if (quantity !== null && (!Number.isInteger(quantity) || quantity < 1)) local[`ticketTypes.${i}.quantity`] = m.ticketQuantityInvalid;
      const valueCents = t.value.trim() === "" ? null : parseDollarsToCents(t.value);
      if (valueCents === null && t.value.trim() !== "") local[`ticketTypes.${i}.fairMarketValueCents`] = messages.receiving.fairMarketValueInvalid;
      else if (valueCents !== null && priceCents !== null && valueCents > priceCents) local[`ticketTypes.${i}.fairMarketValueCents`] = messages.receiving.fairMarketValueInvalid;
      return { id: t.id, name: t.name, priceCents: priceCents ?? -1, fairMarketValueCents: valueCents, quantity: quantity !== null && Number.isNaN(quantity) ? -1 : quantity };
    });
    setErrors(local);
    if (Object.keys(local).length) {
      setFormError(Object.values(local)[0]!);
      return;
    }
    setBusy(true);
    try {
      const body = { ...f, startsAt, endsAt, ticketTypes, ...(event ? { eventId: event._id } : { organizationId }) };
      const res = await requestJson<ManagedEvent>(event ? "/api/updateNPEvents" : "/api/createEvent", { method: event ? "PUT" : "POST", body, fallback: m.saveFailed });
      if (!res.ok) {
        setErrors(res.fields);
        setFormError(res.message);
        return;
      }
      onSaved(res.data);
    } catch {
      setFormError(m.saveFailed);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form method="post" onSubmit={submit} noValidate className="space-y-5" aria-label={event ? `Edit ${event.name}` : "Create an event"}>
      <TextField label="Event name" name="name" required value={f.name} onChange={set("name")} error={errors.name} maxLength={120} />
      <TextAreaField label="Description" name="description" rows={4} value={f.description} onChange={set("description")} error={errors.description} maxLength={5000} />
      <TextField label="Topic" name="topic" value={f.topic} onChange={set("topic")} error={errors.topic} maxLength={60} hint="For example: Music, Sports, Education" />
      <fieldset className="space-y-2">
        <legend className="text-base font-semibold text-ink">Date and time</legend>
        <p className="text-sm text-ink-muted" data-testid="event-form-zone">
          Times are in your organization&apos;s time zone: {zone}.
        </p>
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField label="Starts" name="startsAt" type="datetime-local" required value={f.startsAt} onChange={set("startsAt")} error={errors.startsAt} hint={startPreview ?? zone} />
          <TextField label="Ends (optional)" name="endsAt" type="datetime-local" value={f.endsAt} onChange={set("endsAt")} error={errors.endsAt} hint={endPreview ?? undefined} />
        </div>
      </fieldset>
      <fieldset className="space-y-4">
        <legend className="text-base font-semibold text-ink">Place</legend>
        <TextField label="Venue" name="venue" value={f.venue} onChange={set("venue")} error={errors.venue} maxLength={200} />
        <TextField label="Address" name="addressLine1" autoComplete="address-line1" value={f.addressLine1} onChange={set("addressLine1")} error={errors.addressLine1} maxLength={200} />
        <div className="grid gap-4 sm:grid-cols-3">
          <TextField label="City" name="city" autoComplete="address-level2" value={f.city} onChange={set("city")} error={errors.city} maxLength={100} />
          <TextField label="State" name="state" autoComplete="address-level1" value={f.state} onChange={set("state")} error={errors.state} maxLength={2} placeholder="VT" />
          <TextField label="ZIP code" name="zipcode" autoComplete="postal-code" inputMode="numeric" value={f.zipcode} onChange={set("zipcode")} error={errors.zipcode} maxLength={10} />
        </div>
      </fieldset>
      <div>
        <p className="text-base font-semibold text-ink">Image</p>
        {event ? (
          <ImageUpload field="eventImage" identifier={event._id} currentUrl={event.imageUrl} label="event image" aspect="wide" preview="banner" previewSize={240} className="mt-2" />
        ) : (
          <p className="mt-1 text-sm text-ink-muted">Save the event first, then edit it to add a 16:9 image.</p>
        )}
      </div>
      <fieldset className="space-y-3">
        <legend className="text-base font-semibold text-ink">Ticket types</legend>
        <p className="text-sm text-ink-muted">Price 0 makes a free ticket. Leave the quantity empty for unlimited tickets.</p>
        <p className="text-sm text-ink-muted">
          Fair market value: what one ticket gives the buyer (a meal, a show). Empty means the whole price. Only the price above it is deductible, and buyers&apos; confirmations say so (IRS Publication 1771).
        </p>
        <details className="text-sm text-ink-muted">
          <summary className="cursor-pointer font-medium text-ink">Many guests paying on the venue&apos;s Wi-Fi?</summary>
          <p className="mt-1">
            They can all give and buy tickets. Our card-testing protection counts declined cards and unfinished payments from one network, not successful ones. After many declines from one network, guests&apos; browsers solve a quick invisible security check before paying; only a network with dozens of declines in an hour is paused for a while.
          </p>
        </details>
        {tickets.length === 0 ? <p className="text-sm text-ink-muted">No tickets: this event does not sell tickets.</p> : null}
        <ul className="space-y-3">
          {tickets.map((t, i) => (
            <li key={t.key} className="rounded-control border border-slate-200 p-3">
              <div className="grid gap-3 sm:grid-cols-[2fr_1fr_1fr_1fr_auto] sm:items-start">
                <TextField label="Ticket type name" name={`ticket-${i}-name`} value={t.name} onChange={(e) => setTicket(t.key, { name: e.target.value })} error={errors[`ticketTypes.${i}.name`]} maxLength={60} />
                <TextField label="Price (USD)" name={`ticket-${i}-price`} inputMode="decimal" value={t.price} onChange={(e) => setTicket(t.key, { price: e.target.value })} error={errors[`ticketTypes.${i}.priceCents`]} placeholder="0" />
                <TextField
                  label="Fair market value (USD)"
                  name={`ticket-${i}-value`}
                  inputMode="decimal"
                  value={t.value}
                  onChange={(e) => setTicket(t.key, { value: e.target.value })}
                  error={errors[`ticketTypes.${i}.fairMarketValueCents`]}
                  placeholder="Same as price"
                />
                <TextField label="Quantity" name={`ticket-${i}-quantity`} inputMode="numeric" value={t.quantity} onChange={(e) => setTicket(t.key, { quantity: e.target.value })} error={errors[`ticketTypes.${i}.quantity`]} placeholder="Unlimited" />
                <Button
                  variant="ghost"
                  size="icon"
                  className="sm:mt-7"
                  aria-label={`Remove ticket type ${t.name || i + 1}`}
                  disabled={t.sold > 0}
                  title={t.sold > 0 ? m.ticketTypeHasOrders : undefined}
                  onClick={() => setTickets((rows) => rows.filter((r) => r.key !== t.key))}
                >
                  <Trash2 className="size-4" aria-hidden="true" />
                </Button>
              </div>
              {t.sold > 0 ? <p className="mt-1 text-xs text-ink-muted">{t.sold} sold</p> : null}
            </li>
          ))}
        </ul>
        {tickets.length < MAX_TICKET_TYPES ? (
          <Button
            variant="outline"
            size="sm"
            leftIcon={<Plus className="size-4" aria-hidden="true" />}
            onClick={() => setTickets((rows) => [...rows, { key: rowKey(), id: null, name: "", price: "0", value: "", quantity: "", sold: 0 }])}
          >
            Add ticket type
          </Button>
        ) : null}
      </fieldset>
      <div aria-live="polite" id={`${ids}-status`}>
        {formError ? <Alert variant="error">{formError}</Alert> : null}
      </div>
      <div className="flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
        <Button variant="ghost" onClick={onCancel} disabled={busy}>
          Cancel
        </Button>
        <Button type="submit" loading={busy} loadingLabel="Saving the event...">
          {event ? "Save event" : "Create event"}
        </Button>
      </div>
    </form>
  );
}
