/**
 * Event and ticket input (createEvent, updateNPEvents, the events card on /nonprofit/{id} and
 * /event/tickets), shared by the browser forms and the route handlers. Dates are ISO 8601
 * instants (stored in UTC); prices are integer cents (0 = free); a ticket type's quantity is
 * a whole number of seats or null for unlimited.
 */
import "./zod-setup";
import { z } from "zod";
import { cardSchema, checkoutChallengeField, typedText } from "./donation";
import { refineWith } from "./field-errors";
import { stateField, zipField } from "./fields";
import { messages } from "./messages";

const m = messages.events;

export const MAX_TICKET_TYPES = 10;
export const MAX_TICKETS_PER_ORDER = 10;
export const MIN_PAID_TICKET_CENTS = 100;
export const MAX_TICKET_CENTS = 1_000_000;
export const MAX_TICKET_QUANTITY = 100_000;

/** "" or missing -> null; otherwise trimmed text of at most `max` characters. */
const optionalText = (max: number, message: string = m.textTooLong) =>
  z
    .string()
    .trim()
    .max(max, { error: message })
    .nullish()
    .transform((v) => (v ? v : null));

/** An ISO 8601 date-time with a zone (Z or an offset) -> Date. */
const instant = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .refine((v) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d{1,3})?)?(Z|[+-]\d{2}:\d{2})$/.test(v) && !Number.isNaN(Date.parse(v)), {
      error: m.dateInvalid,
    })
    .transform((v) => new Date(v));

/**
 * One ticket type of the event form. `id` names an existing type being edited.
 * fairMarketValueCents: the value of what one ticket gives the buyer (IRS Publication 1771),
 * from 0 to the price; null (the default) means the whole price.
 */
export const ticketTypeInputSchema = z
  .object({
  id: z.string().trim().min(1).max(64).nullish().transform((v) => v ?? null),
  name: z.string({ error: m.ticketNameRequired }).trim().min(1, { error: m.ticketNameRequired }).max(60, { error: m.ticketNameTooLong }),
  priceCents: z
    .number({ error: m.ticketPriceInvalid })
    .int({ error: m.ticketPriceInvalid })
    .min(0, { error: m.ticketPriceInvalid })
    .max(MAX_TICKET_CENTS, { error: m.ticketPriceMax })
    .refine((c) => c === 0 || c >= MIN_PAID_TICKET_CENTS, { error: m.ticketPriceMin }),
  quantity: z
    .number({ error: m.ticketQuantityInvalid })
    .int({ error: m.ticketQuantityInvalid })
    .min(1, { error: m.ticketQuantityInvalid })
    .max(MAX_TICKET_QUANTITY, { error: m.ticketQuantityInvalid })
    .nullable()
    .default(null),
  fairMarketValueCents: z
    .number({ error: messages.receiving.fairMarketValueInvalid })
    .int({ error: messages.receiving.fairMarketValueInvalid })
    .min(0, { error: messages.receiving.fairMarketValueInvalid })
    .nullish()
    .transform((v) => v ?? null),
  })
  .refine((t) => t.fairMarketValueCents === null || t.fairMarketValueCents <= t.priceCents, {
    error: messages.receiving.fairMarketValueInvalid,
    path: ["fairMarketValueCents"],
  });
export type TicketTypeInput = z.infer<typeof ticketTypeInputSchema>;

const eventFields = {
  name: z.string({ error: m.nameRequired }).trim().min(1, { error: m.nameRequired }).max(120, { error: m.nameTooLong }),
  description: z.string().trim().max(5000, { error: m.descriptionTooLong }).nullish().transform((v) => v ?? ""),
  topic: optionalText(60, m.topicTooLong),
  startsAt: instant(m.startRequired),
  endsAt: z
    .union([z.literal(""), z.null(), instant(m.dateInvalid)])
    .optional()
    .transform((v) => (v instanceof Date ? v : null)),
  venue: optionalText(200),
  addressLine1: optionalText(200),
  city: optionalText(100),
  state: z
    .union([z.literal(""), z.null(), stateField])
    .optional()
    .transform((v) => (v ? v : null)),
  zipcode: z
    .union([z.literal(""), z.null(), zipField])
    .optional()
    .transform((v) => (v ? v : null)),
  ticketTypes: z.array(ticketTypeInputSchema).max(MAX_TICKET_TYPES, { error: m.tooManyTicketTypes }).default([]),
};

const endAfterStart = (v: { startsAt: Date; endsAt: Date | null }) => !v.endsAt || v.endsAt.getTime() >= v.startsAt.getTime();

/** POST /api/createEvent body. `npID` is accepted as another name of organizationId. */
export const createEventSchema = z
  .preprocess(
    (raw) => (raw && typeof raw === "object" && !("organizationId" in raw) && "npID" in raw ? { ...raw, organizationId: (raw as { npID: unknown }).npID } : raw),
    z.object({ organizationId: z.string({ error: messages.generic.badRequest }).trim().min(1).max(64), ...eventFields }),
  )
  .refine(endAfterStart, { error: m.endBeforeStart, path: ["endsAt"] });
export type CreateEventInput = z.infer<typeof createEventSchema>;

/** PUT /api/updateNPEvents body: the whole event as edited, ticket types included. */
export const updateEventSchema = z
  .object({ eventId: z.string({ error: messages.generic.badRequest }).trim().min(1).max(64), ...eventFields })
  .refine(endAfterStart, { error: m.endBeforeStart, path: ["endsAt"] });
export type UpdateEventInput = z.infer<typeof updateEventSchema>;

/** POST /api/events/{eventId}/orders body: one ticket order; guests give name and email. */
export const ticketOrderSchema = z.object({
  /** Client-generated UUID per order attempt: a retried request is the same order. */
  idempotencyKey: z.string({ error: messages.generic.badRequest }).uuid({ error: messages.generic.badRequest }),
  ticketTypeId: z.string({ error: m.ticketTypeNotFound }).trim().min(1, { error: m.ticketTypeNotFound }).max(64),
  quantity: z
    .number({ error: m.quantityInvalid })
    .int({ error: m.quantityInvalid })
    .min(1, { error: m.quantityInvalid })
    .max(MAX_TICKETS_PER_ORDER, { error: m.quantityInvalid }),
  name: z.string().trim().max(120).default(""),
  email: z.string().trim().max(254).default(""),
  /** Sandbox only, for paid tickets: the test card (real providers collect it in their own form). */
  card: cardSchema.optional(),
  /** Guests buying paid tickets: the solved checkout challenge, as for a donation. */
  altcha: checkoutChallengeField,
});
export type TicketOrderInput = z.infer<typeof ticketOrderSchema>;

/** Buyer details when nobody is signed in. */
export const ticketBuyerSchema = z.object({
  name: z.string().trim().min(1, { error: m.buyerNameRequired }).max(120),
  email: z.string().trim().min(1, { error: m.buyerEmailRequired }).email({ error: messages.email.invalid }),
});

/**
 * The ticket order fields the form does not ask for: the type and quantity are chosen in the
 * ticket list, the key and challenge added when it posts (ticketOrderRequestBody). Every other
 * field of ticketOrderSchema is a form value.
 */
const POSTED_BY_THE_TICKET_FORM = { idempotencyKey: true, ticketTypeId: true, quantity: true, altcha: true } as const;

/**
 * The ticket form's values and what it checks in the browser before it posts (its
 * zodResolver, raw values kept): ticketOrderSchema less the fields the form adds itself, the
 * buyer checked by ticketBuyerSchema and, when `card` (paid tickets with the sandbox
 * provider), the test card by cardSchema, as the server does.
 */
export function ticketFormSchema({ card }: { card: boolean }) {
  return ticketOrderSchema
    .omit(POSTED_BY_THE_TICKET_FORM)
    .required()
    .extend({ ...ticketBuyerSchema.shape, card: typedText(cardSchema) })
    .superRefine((v, ctx) => {
      if (card) refineWith(cardSchema, v.card, ctx, ["card"]);
    });
}
/** The ticket form's values as held and typed, every field present. */
export type TicketFormValues = z.input<ReturnType<typeof ticketFormSchema>>;

/** POST /api/events/{eventId}/orders body as sent, before the server's defaults and trimming. */
export type TicketOrderBody = z.input<typeof ticketOrderSchema>;

/**
 * The ticket order body built from the form's values: all of them, plus the fields the form
 * does not ask for; the card only for paid tickets (a free order has no payment).
 * @param post.quantity whole tickets, 1 to MAX_TICKETS_PER_ORDER.
 * @param post.altcha a guest's solved checkout challenge for paid tickets, or null.
 */
export function ticketOrderRequestBody(
  values: TicketFormValues,
  post: { idempotencyKey: string; ticketTypeId: string; quantity: number; paid: boolean; altcha?: string | null },
): TicketOrderBody {
  const { card, ...buyer } = values;
  return {
    ...buyer,
    idempotencyKey: post.idempotencyKey,
    ticketTypeId: post.ticketTypeId,
    quantity: post.quantity,
    ...(post.paid ? { card } : {}),
    ...(post.altcha ? { altcha: post.altcha } : {}),
  };
}
