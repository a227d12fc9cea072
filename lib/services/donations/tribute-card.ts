/**
 * The card of a tribute gift (models/donations.ts, tributeCard): queued once, when the gift
 * succeeds, in the payment core's transaction (subscribed to gift.succeeded in
 * ./subscribers.ts), to be delivered at 09:00 on the donor's chosen calendar day in the donor's
 * own time zone. The queue keeps it until then; delivery skips it when the gift is no longer
 * succeeded (lib/mail/queue.ts), so a gift refunded before the day sends no card.
 */
import "server-only";
import type { Executor } from "@/lib/db/client";
import { organizationDisplayName } from "@/lib/directory/display-name";
import { enqueueMail } from "@/lib/mail/queue";
import type { TributeCardJob } from "@/lib/mail/mail-job";
import type { TributeCardFacts } from "@/lib/mail/templates/tribute";
import { fromZonedInput } from "@/lib/time/zoned-time";
import type { TributeCard } from "@/models";
import { loadDonationFacts, type DonationFacts, type DonationRow } from "./donation-facts";

/** The hour of the send day, in the donor's zone, at which a card is sent. */
export const TRIBUTE_CARD_HOUR = "09:00";

/**
 * When a card is to be sent: 09:00 on `sendOn` ("YYYY-MM-DD") in IANA zone `timeZone`, as a
 * UTC instant, or `now` when that instant has passed (or cannot be read).
 */
export function tributeCardSendAt({ sendOn, timeZone, now = new Date() }: { sendOn: string; timeZone: string; now?: Date }): Date {
  let at: string | null = null;
  try {
    at = fromZonedInput(`${sendOn}T${TRIBUTE_CARD_HOUR}`, timeZone);
  } catch {
    at = null;
  }
  const instant = at ? new Date(at) : null;
  return instant && instant.getTime() > now.getTime() ? instant : now;
}

/**
 * What the card of gift `donation` shows: the donor's name only when shared with this gift
 * (not anonymous and share_name), the organization, the tribute, the message, and the amount
 * (cents) only when the donor allowed it. Never the donor's email or another detail.
 */
export function tributeCardFacts({ donation, card, facts }: { donation: DonationRow; card: TributeCard; facts: DonationFacts | null }): TributeCardFacts {
  const org = facts?.organization;
  return {
    donationId: donation.id,
    recipientName: card.recipientName,
    recipientEmail: card.recipientEmail,
    donorName: !donation.anonymous && donation.shareName && donation.donorName ? donation.donorName : null,
    organizationName: org ? organizationDisplayName(org) : "the organization",
    organizationLogoUrl: org?.logoUrl ?? null,
    tributeType: donation.tributeType!,
    tributeName: donation.tributeName!,
    message: card.message,
    amountCents: card.showAmount ? donation.amountCents : null,
  };
}

/**
 * Queue the card of succeeded gift `donation` in `tx` (nothing when it has no card), to be
 * delivered at {@link tributeCardSendAt}. `facts`: the gift's facts when already read in
 * `tx` (else read here). Called once per gift: gift.succeeded is published once.
 * @returns the job's id, or null when the gift has no card.
 */
export async function enqueueTributeCard({ tx, donation, facts, now = new Date() }: { tx: Executor; donation: DonationRow; facts?: DonationFacts | null; now?: Date }): Promise<string | null> {
  const card = donation.tributeCard;
  if (!card || !donation.tributeType || !donation.tributeName) return null;
  const known = facts ?? (await loadDonationFacts({ db: tx, donationId: donation.id }));
  const job: TributeCardJob = { tributeCard: tributeCardFacts({ donation, card, facts: known }) };
  return enqueueMail(job, { tx, startAfter: tributeCardSendAt({ sendOn: card.sendOn, timeZone: card.timeZone, now }) });
}
