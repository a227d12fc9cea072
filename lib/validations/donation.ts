/**
 * Checkout input (the /donation/:id/:campaign form and the createPaymentIntent*,
 * createDonation calls), shared by the browser form and the route handlers. Amounts are
 * integer cents; the largest gift is DONATION_MAX_CENTS, passed in by the caller because
 * the browser cannot read the server's environment.
 */
import "./zod-setup";
import { z } from "zod";
import { formatCents } from "@/lib/money";
import { refineWith } from "./field-errors";
import { isTimeZone, NO_TRIBUTE, sameDayNextYear, todayInTimeZone, TRIBUTE_MESSAGE_MAX, TRIBUTE_NAME_MAX } from "./tribute-fields";
import { idParam } from "./fields";
import { messages } from "./messages";

import { DEFAULT_MAX_DONATION_CENTS, MIN_DONATION_CENTS } from "./donation-amounts";

export { DEFAULT_MAX_DONATION_CENTS, MIN_DONATION_CENTS, PRESET_AMOUNTS_CENTS } from "./donation-amounts";
export { checkoutRequestBody } from "./checkout-request";
export { isTimeZone, NO_TRIBUTE, sameDayNextYear, todayInTimeZone, TRIBUTE_MESSAGE_MAX, TRIBUTE_NAME_MAX } from "./tribute-fields";

/** The amount in cents, between $1 and `maxCents`. */
export function amountCentsField(maxCents: number = DEFAULT_MAX_DONATION_CENTS) {
  return z
    .number({ error: messages.donation.amountRequired })
    .int({ error: messages.donation.amountCents })
    .min(MIN_DONATION_CENTS, { error: messages.donation.amountMin })
    .max(maxCents, { error: messages.donation.amountMax(formatCents(maxCents)) });
}

export const shareSchema = z.object({
  name: z.boolean().default(false),
  email: z.boolean().default(false),
  location: z.boolean().default(false),
  phone: z.boolean().default(false),
  gender: z.boolean().default(false),
  age: z.boolean().default(false),
});
export type ShareChoices = z.infer<typeof shareSchema>;

export const cardSchema = z.object({
  number: z
    .string()
    .transform((v) => v.replace(/[\s-]/g, ""))
    .pipe(z.string().regex(/^\d{13,19}$/, { error: messages.donation.cardNumber })),
  expiry: z
    .string()
    .trim()
    .regex(/^(0[1-9]|1[0-2])\s*\/\s*\d{2}$/, { error: messages.donation.cardExpiry }),
  cvc: z.string().trim().regex(/^\d{3,4}$/, { error: messages.donation.cardCvc }),
});

/** True for a real calendar day written "YYYY-MM-DD". */
function isCalendarDay(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00.000Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().slice(0, 10) === value;
}

const tributeShape = z.object({
  type: z.enum(["", "honor", "memory"], { error: messages.tribute.typeInvalid }).default(""),
  name: z.string().trim().max(TRIBUTE_NAME_MAX, { error: messages.tribute.nameTooLong }).default(""),
  sendCard: z.boolean().default(false),
  recipientName: z.string().trim().max(120, { error: messages.tribute.recipientNameTooLong }).default(""),
  recipientEmail: z.string().trim().max(254, { error: messages.tribute.recipientEmailInvalid }).default(""),
  message: z.string().trim().max(TRIBUTE_MESSAGE_MAX, { error: messages.tribute.messageTooLong }).default(""),
  sendOn: z.string().trim().max(10, { error: messages.tribute.sendOnRequired }).default(""),
  timeZone: z.string().trim().max(64, { error: messages.tribute.timeZoneInvalid }).default(""),
  showAmount: z.boolean().default(false),
});

/** {@link tributeSchema}'s rules beyond each field's own: what a chosen tribute and card need. */
function refineTribute(v: z.output<typeof tributeShape>, ctx: z.RefinementCtx): void {
  if (v.type === "") return;
  if (!v.name) ctx.addIssue({ code: "custom", message: messages.tribute.nameRequired, path: ["name"] });
  if (!v.sendCard) return;
  if (!v.recipientName) ctx.addIssue({ code: "custom", message: messages.tribute.recipientNameRequired, path: ["recipientName"] });
  if (!v.recipientEmail) ctx.addIssue({ code: "custom", message: messages.tribute.recipientEmailRequired, path: ["recipientEmail"] });
  else if (!z.email().safeParse(v.recipientEmail).success) ctx.addIssue({ code: "custom", message: messages.tribute.recipientEmailInvalid, path: ["recipientEmail"] });
  if (!isCalendarDay(v.sendOn)) {
    ctx.addIssue({ code: "custom", message: messages.tribute.sendOnRequired, path: ["sendOn"] });
    return;
  }
  if (!isTimeZone(v.timeZone)) {
    ctx.addIssue({ code: "custom", message: messages.tribute.timeZoneInvalid, path: ["sendOn"] });
    return;
  }
  const today = todayInTimeZone(v.timeZone);
  if (v.sendOn < today) ctx.addIssue({ code: "custom", message: messages.tribute.sendOnPast, path: ["sendOn"] });
  else if (v.sendOn > sameDayNextYear(today)) ctx.addIssue({ code: "custom", message: messages.tribute.sendOnTooFar, path: ["sendOn"] });
}

/**
 * A gift's dedication at checkout. `type` "" is no tribute (the other fields are then
 * ignored); "honor" or "memory" needs the honoree's `name` (at most 100 characters). With
 * `sendCard`, a card is emailed to the recipient at 09:00 on `sendOn`, a calendar day
 * ("YYYY-MM-DD") in the donor's own IANA `timeZone` as the browser reports it: from the
 * donor's today to the same day one year ahead. `message` at most 500 characters;
 * `showAmount`: the card shows the gift's amount (off by default). Every field has a default,
 * so a body without a tribute parses as none.
 */
export const tributeSchema = tributeShape.superRefine(refineTribute);

/** The checkout form's dedication: {@link tributeSchema} with every field held by the form. */
export const tributeFormSchema = tributeShape.required().superRefine(refineTribute);
export type TributeInput = z.infer<typeof tributeSchema>;


/** Guests: the solved proof-of-work challenge of the checkout widget, base64 JSON. */
export const checkoutChallengeField = z.string().trim().max(20_000).optional();

/** A fundraiser id, or "direct" / null / empty for a gift to the organization itself (null). */
export const fundraiserIdField = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((v) => (!v || v === "direct" ? null : v));

/** A supporter page id, or null / empty for none. */
export const supporterPageIdField = z
  .string()
  .trim()
  .max(64)
  .nullish()
  .transform((v) => v || null);

/**
 * How a checkout pays. Each createPaymentIntent* call stands for one method and sets it
 * whatever the body says (lib/http/payment-routes.ts); createDonation takes the body's.
 */
export const checkoutMethodField = z.enum(["card", "us_bank_account", "wallet", "paypal"]);

const checkoutSchemas = new Map<number, ReturnType<typeof buildCheckoutSchema>>();

/**
 * The checkout body. `maxCents` is DONATION_MAX_CENTS. One schema per maximum, built once:
 * zod compiles an object schema on its first parse, which cost a checkout about 0.4 ms of CPU
 * when the schema was new on every request.
 */
export function checkoutSchema(maxCents: number = DEFAULT_MAX_DONATION_CENTS) {
  let schema = checkoutSchemas.get(maxCents);
  if (!schema) checkoutSchemas.set(maxCents, (schema = buildCheckoutSchema(maxCents)));
  return schema;
}

function buildCheckoutSchema(maxCents: number) {
  return z.object({
    /** Client-generated UUID: a retried checkout with the same key makes one donation. */
    idempotencyKey: z.string().uuid({ error: messages.generic.badRequest }),
    organizationId: z.string().trim().min(1).max(64),
    campaignId: fundraiserIdField,
    amountCents: amountCentsField(maxCents),
    coverFees: z.boolean().default(false),
    frequency: z.enum(["once", "month"]).default("once"),
    method: checkoutMethodField.default("card"),
    name: z.string().trim().max(120).default(""),
    email: z.string().trim().max(254).default(""),
    anonymous: z.boolean().default(false),
    share: shareSchema.default({ name: false, email: false, location: false, phone: false, gender: false, age: false }),
    /** Sandbox only: test card details (real providers collect card data in their own iframe). */
    card: cardSchema.optional(),
    altcha: checkoutChallengeField,
    /** A monthly gift that duplicates an active one starts only once the donor confirmed it. */
    confirmDuplicate: z.boolean().optional(),
    /** The gift's dedication and its card ({@link tributeSchema}); none by default. */
    tribute: tributeSchema.default({ ...NO_TRIBUTE }),
    /** The supporter page of `campaignId` the gift is made on (peer-to-peer); null for the fundraiser's own page. */
    supporterPageId: supporterPageIdField,
  });
}
export type CheckoutInput = z.infer<ReturnType<typeof checkoutSchema>>;

/** Guest details are required when nobody is signed in (checked by the service). */
export const guestSchema = z.object({
  name: z.string({ error: messages.donation.nameRequired }).trim().min(1, { error: messages.donation.nameRequired }),
  email: z.string({ error: messages.donation.emailRequired }).trim().min(1, { error: messages.donation.emailRequired }).email({ error: messages.email.invalid }),
});

/** The sandbox's card fields as typed (cardSchema checks them). */
export type CardInput = z.input<typeof cardSchema>;

/**
 * The checkout fields the form does not ask for: it adds them when it posts
 * (checkoutRequestBody). Every other field of checkoutSchema is a form value.
 */
const POSTED_BY_THE_FORM = { idempotencyKey: true, organizationId: true, campaignId: true, supporterPageId: true, amountCents: true, altcha: true, confirmDuplicate: true } as const;

/** The methods chosen on the form itself; wallets pay from Stripe's sheet (its own call). */
export const checkoutFormMethodField = checkoutMethodField.extract(["card", "us_bank_account"]);

/**
 * An object schema's fields as typed into text inputs: each a string, unchecked (the form
 * applies the schema itself only when the fields are in use). Used for the sandbox's card.
 */
export function typedText<Shape extends z.ZodRawShape>(schema: z.ZodObject<Shape>) {
  return z.object(Object.fromEntries(Object.keys(schema.shape).map((key) => [key, z.string()])) as { [K in keyof Shape]: z.ZodString });
}

/**
 * The checkout form's values and what it checks in the browser before it posts (its
 * zodResolver, raw values kept): checkoutSchema less the fields the form adds itself, each
 * with the server's own rule and message; the method is one of those chosen on the form; a
 * guest's name and email are checked by guestSchema and, for card payments with the sandbox
 * provider, the test card by cardSchema, as the server does (the amount is not a form value:
 * the form parses it as it is typed). A field added to checkoutSchema is a form value here.
 * @param options.guest no one is signed in (name and email are asked).
 * @param options.sandbox the sandbox provider: its own card fields are shown.
 */
export function checkoutFormSchema({ guest, sandbox }: { guest: boolean; sandbox: boolean }) {
  const server = checkoutSchema().shape;
  return checkoutSchema()
    .omit(POSTED_BY_THE_FORM)
    .required()
    .extend({
      method: checkoutFormMethodField,
      share: shareSchema.required(),
      // A guest is asked for name and email; a signed-in donor's come from the session.
      name: guest ? guestSchema.shape.name : server.name.unwrap(),
      email: guest ? guestSchema.shape.email : server.email.unwrap(),
      card: typedText(cardSchema),
      tribute: tributeFormSchema,
    })
    .superRefine((v, ctx) => {
      if (sandbox && v.method === "card") refineWith(cardSchema, v.card, ctx, ["card"]);
    });
}
/** The checkout form's values as held and typed, every field present (`.required()` above). */
export type CheckoutFormValues = z.input<ReturnType<typeof checkoutFormSchema>>;

/** The createPaymentIntent* body as sent, before the server's defaults and trimming. */
export type CheckoutBody = z.input<ReturnType<typeof checkoutSchema>>;

/** Sandbox simulated actions: the donor's verification step, ACH settlement (no refunds: only the nonprofit refunds, from its dashboard). */
export const sandboxActionSchema = z.object({
  action: z.enum(["verify", "settle"]),
  donationId: z.string().trim().min(1).max(64),
  token: z.string().trim().min(1).max(128),
});

/** capturePaypalOrder body: the approved PayPal order id. */
export const paypalCaptureSchema = z.object({
  orderId: z.string().trim().regex(/^[A-Z0-9]{5,40}$/i, { error: messages.generic.badRequest }),
});

/** POST /api/send{Givebridge,Nonprofit}OrganizationDonationEmail body: the succeeded donation whose email is queued again. */
export const resendDonationEmailSchema = z.object({ donationId: idParam });

/**
 * The query of GET /api/checkout/visitor: the donate page's organization and fundraiser (or
 * "direct"), and what its address carries: a pledge link's `pledge` and `token`, the supporter
 * page `page` the gift is made on. Empty values count as absent.
 */
export const checkoutVisitorQuerySchema = z.object({
  organizationId: idParam,
  fundraiserId: fundraiserIdField,
  pledge: supporterPageIdField,
  token: z.string().trim().max(200).nullish().transform((v) => v || null),
  page: supporterPageIdField,
});
