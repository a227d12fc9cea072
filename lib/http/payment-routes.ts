/**
 * The two kinds of payment route written once, on top of route() (./route.ts), so the five
 * checkout calls of the spec (createPaymentIntent, createPaymentIntentACH,
 * createPaymentIntentGoogle, createPaypalOrder, createDonation) and the three provider
 * webhooks (/api/webhooks/{sandbox,stripe,paypal}) cannot drift apart.
 */
import { NextResponse, type NextRequest } from "next/server";
import { getActor } from "@/lib/http/session";
import { serverEnv } from "@/lib/env";
import type { PaymentMethod, ProviderName } from "@/lib/payments/types";
import { handleWebhook } from "@/lib/services/payments/apply-payment-event";
import { checkoutGift } from "@/lib/services/donations/start-checkout";
import { checkoutSchema } from "@/lib/validations/donation";
import { checkoutClientOf, withDeviceCookie } from "./checkout-client";
import { parseJson, route } from "./route";
import { readJsonBodyText } from "./json-body";
import { metrics } from "@/lib/metrics";

/**
 * POST handler of a checkout call: the body is read with the shared checkout schema (amounts in
 * integer cents, at most DONATION_MAX_CENTS), the caller may be a guest or signed in, and the
 * donation goes through the checkout defences (challenge, velocity limits, then
 * startPayment with the gift as its purpose); idempotent per the body's idempotencyKey. Answers 200 with the
 * CheckoutResult and sets the device cookie when the browser had none; errors are route()'s
 * (400 bad fields, 403 foreign origin, 415 not JSON, 429 with Retry-After, ...).
 * @param method the payment method the call stands for; omitted, the body's own (card by default).
 */
export function checkoutRoute(method?: PaymentMethod) {
  return route(async (req: NextRequest) => {
    const body = await parseJson(req, checkoutSchema(serverEnv().DONATION_MAX_CENTS));
    const actor = await getActor();
    const client = checkoutClientOf(req, body.altcha);
    const input = method ? { ...body, method } : { ...body };
    return withDeviceCookie(NextResponse.json(await metrics.checkout(checkoutGift({ actor, input, client })), { headers: CHECKOUT_ANSWER_HEADERS }), client);
  });
}

/**
 * The checkout answer is one donor's (it carries the donation's access token): never stored
 * by a cache. Nor compressed on the way: it is a few hundred bytes of JSON, under the 1 KB
 * below which Next's compression means to leave answers alone, but Next streams a route's
 * body without its length, so the threshold never applied and every answer paid for a gzip
 * stream (about 1.2 ms of CPU per donation, 4.6% of the process under bench:donate).
 */
const CHECKOUT_ANSWER_HEADERS = { "Cache-Control": "private, no-store, no-transform" };

/**
 * POST handler of a payment provider's webhook: no cookie and no origin check (route()'s
 * `webhook`), the signature verified on the raw body, the event recorded once and applied
 * exactly once (handleWebhook). Answers 200 `{ received: true, duplicate }`, where duplicate
 * means the event id was already recorded; 400 for a missing or invalid signature.
 */
export function webhookRoute(provider: ProviderName) {
  return route(async (req: NextRequest) => {
    const raw = await readJsonBodyText(req);
    const outcome = await handleWebhook({ provider, rawBody: raw, headers: req.headers });
    return NextResponse.json({ received: true, duplicate: !outcome.recorded });
  }, { webhook: true });
}
