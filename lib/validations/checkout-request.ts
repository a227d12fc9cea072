/**
 * The checkout request the browser sends, built from the form's values without zod (the
 * types are checkoutSchema's, lib/validations/donation.ts, which the server parses it with).
 */
import type { CheckoutBody, CheckoutFormValues } from "./donation";

/**
 * The createPaymentIntent* body built from the form's values: all of them, plus the fields
 * the form does not ask for. A signed-in donor's name and email are sent empty (the server
 * takes them from the session); the card goes only to the sandbox, and only for a card
 * payment (other providers collect it in their own form).
 * @param post.amountCents the gift in integer cents, as the form parsed it.
 * @param post.altcha a guest's solved checkout challenge, or null.
 * @param post.supporterPageId the supporter page the gift is made on (peer-to-peer), or null.
 * @param post.confirmDuplicate the donor confirmed a monthly gift like an active one.
 */
export function checkoutRequestBody(
  values: CheckoutFormValues,
  post: { idempotencyKey: string; organizationId: string; fundraiserId: string | null; supporterPageId?: string | null; amountCents: number; signedIn: boolean; sandbox: boolean; altcha?: string | null; confirmDuplicate?: boolean },
): CheckoutBody {
  const { card, ...choices } = values;
  return {
    ...choices,
    idempotencyKey: post.idempotencyKey,
    organizationId: post.organizationId,
    campaignId: post.fundraiserId,
    supporterPageId: post.supporterPageId ?? null,
    amountCents: post.amountCents,
    name: post.signedIn ? "" : values.name,
    email: post.signedIn ? "" : values.email,
    ...(post.sandbox && values.method === "card" ? { card } : {}),
    ...(post.altcha ? { altcha: post.altcha } : {}),
    ...(post.confirmDuplicate ? { confirmDuplicate: true } : {}),
  };
}
