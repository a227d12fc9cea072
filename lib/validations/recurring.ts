/**
 * Payloads of the recurring-gift manage page: one schema per call, shared by the
 * page's forms and the route handlers. The amount follows the one-time gift's limits
 * (amountCentsField, $1 to DONATION_MAX_CENTS, passed in because the browser cannot read it).
 * `token` is the signed manage link's token (guests); signed-in owners may leave it out.
 */
import "./zod-setup";
import { z } from "zod";
import { amountCentsField, cardSchema, DEFAULT_MAX_DONATION_CENTS } from "./donation";
import { messages } from "./messages";

const token = z.string().trim().max(200).optional();
const isoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.recurringManage.pauseDateInvalid });

/** A new payment method: a sandbox test card, or a confirmed Stripe SetupIntent's id. */
export const paymentMethodInput = z.union([
  z.object({ card: cardSchema }),
  z.object({ setupIntentId: z.string().trim().regex(/^seti_[A-Za-z0-9]{1,100}$/, { error: messages.generic.badRequest }) }),
]);
export type PaymentMethodInput = z.infer<typeof paymentMethodInput>;

/** PUT /api/recurring/{id}: one change to a recurring gift. */
export function manageRecurringSchema(maxCents: number = DEFAULT_MAX_DONATION_CENTS) {
  return z.discriminatedUnion("action", [
    z.object({ action: z.literal("amount"), token, amountCents: amountCentsField(maxCents) }),
    z.object({
      action: z.literal("charge_day"),
      token,
      chargeDay: z.number({ error: messages.recurringManage.chargeDayInvalid }).int({ error: messages.recurringManage.chargeDayInvalid }).min(1, { error: messages.recurringManage.chargeDayInvalid }).max(31, { error: messages.recurringManage.chargeDayInvalid }),
    }),
    /** `period`: the charge date being skipped (YYYY-MM-DD), so a repeated click skips once. */
    z.object({ action: z.literal("skip"), token, period: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, { error: messages.recurringManage.nothingToSkip }) }),
    z.object({ action: z.literal("pause"), token, until: isoDate }),
    z.object({ action: z.literal("resume"), token }),
    z.object({ action: z.literal("payment_method"), token, method: paymentMethodInput }),
  ]);
}
export type ManageRecurringInput = z.infer<ReturnType<typeof manageRecurringSchema>>;

/** POST /api/recurring/{id}: start a payment method update (Stripe SetupIntent). */
export const startSetupSchema = z.object({ token });

/** DELETE /api/recurring/{id}: cancel, after the page's confirmation step. */
export const cancelRecurringSchema = z.object({
  token,
  confirm: z.literal(true, { error: messages.recurringManage.cancelConfirm }),
});

/** PUT /api/donor/recurring/payment-method: the signed-in donor's card on all their recurring gifts. */
export const updateAllPaymentMethodsSchema = z.object({ method: paymentMethodInput });
