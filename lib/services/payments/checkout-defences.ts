/**
 * Card-testing defences in front of every checkout, donations and event tickets alike. They
 * count what card testing looks like, not how often people give (OWASP ASVS 5.0 2.4,
 * anti-automation; OWASP Automated Threats OAT-001 "Carding"):
 *  - every attempt takes one point from its address (IP), its browser session (the signed-in
 *    account, else the device cookie) and its card (a keyed fingerprint of the number the
 *    server sees, i.e. the sandbox's), in the rate_limits table, atomically, before anything
 *    is recorded or the provider is called; a declined card takes one more from each;
 *  - a payment that succeeds gives its point back once its success is applied (at once for the
 *    sandbox, when the provider's webhook arrives for Stripe and PayPal): the payment carries
 *    the keyed digests of its limit keys in its metadata (`checkoutLimits`, never an address
 *    or a card number) and a subscriber to gift.succeeded and ticket_order.paid rewards them
 *    after the commit. So a crowd giving from one address (a gala on the venue's Wi-Fi, an
 *    office, a carrier's NAT) never adds up; what stays counted is declines, attempts refused
 *    before the payment (a card number that is not valid, an expired card), and attempts still
 *    open (a payment not confirmed yet);
 *  - an invisible proof-of-work challenge (ALTCHA, self-hosted: the server signs challenges
 *    with altcha-lib, the browser's widget solves one, each accepted once) is asked of every
 *    guest, and of a signed-in donor too once their address or session has used half of its
 *    points (CHALLENGE_SHARE) or their session has tried CHALLENGE_AFTER_CARDS different cards:
 *    a browser solves it without the donor noticing, a card-testing script pays for each try;
 *  - past the allowance (CHECKOUT_IP_MAX_ATTEMPTS, CHECKOUT_DEVICE_MAX_ATTEMPTS,
 *    CHECKOUT_CARD_MAX_ATTEMPTS per CHECKOUT_WINDOW_SECONDS) the attempt is refused.
 * The sandbox's published test cards are typed by every visitor of a demo: their point is
 * counted per browser session, not per card, so any number of donors may use them.
 * Every payment a person starts goes through them (startPayment, ./start-payment.ts): a gift
 * (lib/services/donations/start-checkout.ts) and a ticket order (lib/services/events/tickets.ts),
 * which holds its seats only once admitted. The whole request is validated by the shared schema
 * and the purpose's checks before anything is recorded.
 */
import "server-only";
import { createHmac } from "node:crypto";
import type { RateLimiterDrizzle } from "rate-limiter-flexible";
import { verifyProofOfWork } from "@/lib/auth/proof-of-work";
import { consumeAll, makeDbLimiter } from "@/lib/auth/rate-limit";
import { authSecret } from "@/lib/config/signing-secret";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import { cardDigits, SANDBOX_CARDS } from "@/lib/payments/sandbox";
import { messages } from "@/lib/validations/messages";
import type { CheckoutInput } from "@/lib/validations/donation";

/** The card details of a checkout as the form sends them (the sandbox's only). */
export type CheckoutCard = CheckoutInput["card"];

/** Who is checking out, as the request shows it. */
export type CheckoutClient = {
  /** Client IP (lib/http/client-ip.ts). */
  ip: string;
  /** The browser's device cookie, if any. */
  device: string | null;
  /** The ALTCHA payload of the guest form (base64 JSON { challenge, solution }). */
  challenge?: string | null;
};

/**
 * A signed-in donor is asked for the challenge once their address or session has used this
 * share of its points within the window (guests always are).
 */
export const CHALLENGE_SHARE = 0.5;
/** A browser session that has tried this many different cards within the window is asked for the challenge. */
export const CHALLENGE_AFTER_CARDS = 3;

type Limiters = {
  db: unknown;
  ip: RateLimiterDrizzle;
  device: RateLimiterDrizzle;
  card: RateLimiterDrizzle;
  /** One point per (browser session, card) pair: taking it tells a card new to the session. */
  sessionCard: RateLimiterDrizzle;
  /** Different cards per browser session. */
  sessionCards: RateLimiterDrizzle;
};
let limiters: Limiters | undefined;
async function getLimiters(): Promise<Limiters> {
  const db = await getDb();
  if (limiters?.db === db) return limiters;
  const env = serverEnv();
  const w = env.CHECKOUT_WINDOW_SECONDS;
  limiters = {
    db,
    ip: makeDbLimiter(db, "checkout_ip", env.CHECKOUT_IP_MAX_ATTEMPTS, w),
    device: makeDbLimiter(db, "checkout_device", env.CHECKOUT_DEVICE_MAX_ATTEMPTS, w),
    card: makeDbLimiter(db, "checkout_card", env.CHECKOUT_CARD_MAX_ATTEMPTS, w),
    sessionCard: makeDbLimiter(db, "checkout_session_card", 1, w),
    sessionCards: makeDbLimiter(db, "checkout_session_cards", Number.MAX_SAFE_INTEGER, w),
  };
  return limiters;
}

/** A keyed fingerprint of a card number (digits only), so the number itself is never stored. */
export function cardFingerprint(number: string): string {
  return createHmac("sha256", authSecret()).update(`card:${number.replace(/\D/g, "")}`).digest("base64url").slice(0, 32);
}

/**
 * The key an attempt is counted under in the rate_limits table: a keyed digest of its address,
 * session or card key, so neither that table nor a payment's metadata holds an address.
 */
function limitKey(raw: string): string {
  return createHmac("sha256", authSecret()).update(`checkout-limit:${raw}`).digest("base64url").slice(0, 32);
}

/** The browser session of an attempt: the signed-in account, else the device cookie, else none. */
function sessionKey(actor: Actor | null, client: CheckoutClient): string | null {
  return actor ? `user:${actor.id}` : client.device ? `device:${client.device}` : null;
}

/** The card of an attempt as the limits count it (see the module comment), or null without one. */
function cardKey(card: CheckoutCard, session: string | null, client: CheckoutClient): string | null {
  if (!card?.number) return null;
  const testCard = SANDBOX_CARDS[cardDigits(card.number) as keyof typeof SANDBOX_CARDS];
  const fingerprint = cardFingerprint(card.number);
  if (!testCard) return fingerprint;
  // A succeeding test card is everyone's: per session. A declining one is per address too, so
  // one visitor's declines never block it for the next.
  return testCard.outcome === "succeeded" ? `${fingerprint}|${session ?? client.ip}` : `${fingerprint}|${client.ip}`;
}

type VelocityKey = { limiter: RateLimiterDrizzle; key: string; kind: "ip" | "session" | "card"; allowance: number };

function velocityKeys(l: Limiters, actor: Actor | null, card: CheckoutCard, client: CheckoutClient): VelocityKey[] {
  const env = serverEnv();
  const keys: VelocityKey[] = [{ limiter: l.ip, key: limitKey(client.ip), kind: "ip", allowance: env.CHECKOUT_IP_MAX_ATTEMPTS }];
  const session = sessionKey(actor, client);
  if (session) keys.push({ limiter: l.device, key: limitKey(session), kind: "session", allowance: env.CHECKOUT_DEVICE_MAX_ATTEMPTS });
  const cardCounted = cardKey(card, session, client);
  if (cardCounted) keys.push({ limiter: l.card, key: limitKey(cardCounted), kind: "card", allowance: env.CHECKOUT_CARD_MAX_ATTEMPTS });
  return keys;
}

/** How many different cards the attempt's session has tried in the window, this one included (0 without a card or session). */
async function sessionCardCount(l: Limiters, session: string | null, card: CheckoutCard): Promise<number> {
  if (!session || !card?.number) return 0;
  const fingerprint = cardFingerprint(card.number);
  const isNew = await l.sessionCard.consume(`${session}|${fingerprint}`, 1).then(
    () => true,
    (refusal: unknown) => {
      if (refusal instanceof Error) throw refusal;
      return false;
    },
  );
  if (isNew) return (await l.sessionCards.consume(session, 1)).consumedPoints;
  return (await l.sessionCards.get(session))?.consumedPoints ?? 0;
}

/**
 * Whether a signed-in attempt must carry a solved challenge: its address or session has used
 * CHALLENGE_SHARE of its points (`used`: the points each key has used, this attempt's included),
 * or its session has tried CHALLENGE_AFTER_CARDS different cards.
 */
function challengeDue(keys: VelocityKey[], used: number[], cards: number): boolean {
  if (cards >= CHALLENGE_AFTER_CARDS) return true;
  return keys.some((k, i) => k.kind !== "card" && used[i]! > Math.floor(k.allowance * CHALLENGE_SHARE));
}

/** What {@link admitCheckout} needs: the caller (null for a guest), the request's client and the card, if any. */
export type AdmitCheckoutOptions = { actor: Actor | null; client: CheckoutClient; card: CheckoutCard };

/** An admitted attempt: the digests of its limit keys, for the payment's metadata, and its penalty. */
export type AdmittedCheckout = {
  /** `kind:digest` pairs joined by ";", stored as the payment's `metadata.checkoutLimits` (see givePointsBack). */
  checkoutLimits: string;
  /** Take one more point from each of the attempt's limits (a declined card). */
  penalize: () => Promise<void>;
};

/**
 * The defences in front of a checkout: the guest's challenge, then the velocity limits (and the
 * challenge of a signed-in donor past CHALLENGE_SHARE or CHALLENGE_AFTER_CARDS). Counts the
 * attempt; records nothing else.
 * @throws AppError(validation) for a missing or bad challenge; AppError(rate_limited) with
 *   Retry-After when a limit is used up.
 */
export async function admitCheckout({ actor, client, card }: AdmitCheckoutOptions): Promise<AdmittedCheckout> {
  const challengeOn = serverEnv().CHECKOUT_CHALLENGE === "on";
  // A guest solves the challenge before anything is counted.
  if (!actor && challengeOn) await verifyProofOfWork(client.challenge);
  const l = await getLimiters();
  const keys = velocityKeys(l, actor, card, client);
  const steps = keys.map((k): [RateLimiterDrizzle, string] => [k.limiter, k.key]);
  const used = await consumeAll(steps, messages.trustAndSafety.tooManyCheckouts);
  const giveBack = () => Promise.all(steps.map(([limiter, key]) => limiter.reward(key, 1)));
  if (actor && challengeOn && challengeDue(keys, used, await sessionCardCount(l, sessionKey(actor, client), card))) {
    // Asked for the challenge: this attempt is not counted, the one that brings it is.
    await verifyProofOfWork(client.challenge).catch(async (err: unknown) => {
      await giveBack();
      throw err;
    });
  }
  return {
    // The payment names its limit keys (digests only), so its success gives their points back
    // whenever it is applied (see givePointsBack).
    checkoutLimits: keys.map((k) => `${k.kind}:${k.key}`).join(";"),
    penalize: async () => {
      await Promise.all(steps.map(([limiter, key]) => limiter.penalty(key, 1)));
    },
  };
}

/**
 * Give back the points of the checkout that made a payment which has now succeeded (its
 * metadata's `checkoutLimits`, written by startPayment). A payment made without the
 * defences (a monthly charge) names none. Subscribed after the commit of the payment core's
 * gift.succeeded and ticket_order.paid, which happen once per payment (./subscribers.ts).
 */
export async function givePointsBack(metadata: Record<string, string> | null | undefined): Promise<void> {
  const named = metadata?.checkoutLimits;
  if (!named) return;
  const l = await getLimiters();
  const byKind: Record<string, RateLimiterDrizzle> = { ip: l.ip, session: l.device, card: l.card };
  await Promise.all(
    named.split(";").map((pair) => {
      const [kind, key] = pair.split(":");
      const limiter = kind ? byKind[kind] : undefined;
      return limiter && key ? limiter.reward(key, 1) : undefined;
    }),
  );
}
