/**
 * The organization's thank-you for a succeeded gift, separate from the platform's receipt, from
 * "<organization> via Givebridge" with Reply-To the organization's email when it has one. The
 * gift's transaction queues only a job naming the gift (on gift.succeeded: ./subscribers.ts,
 * THANK_YOU_QUEUE); this queue's worker then chooses the template, renders the message and
 * queues it on the mail queue (sendThankYouForGift), so a checkout pays one insert for it.
 *
 * Who gets it: the donor themself, at the email they gave for the gift (writing to a donor at
 * their own address is not sharing it with the organization; the organization never sees it).
 * A gift without an email gets none.
 *
 * What it may show (product rule "only what each donor shared"): the merge fields are filled
 * only from what the donor shared with the organization for this gift. {{first_name}} and
 * {{last_name}} are the donor's name only when the gift is not anonymous and shares the name,
 * otherwise "friend" and nothing; the donor's email, telephone, location, gender and age are
 * never merge fields, and the organization's private notes and tags are never read. An
 * anonymous gift is still thanked, with the fallbacks only. The rest are facts of the gift
 * itself: its amount, fundraiser, tribute, the organization, and the day (organization's zone).
 *
 * Which template (precedence: tribute > monthly > first > default): a tribute gift; the FIRST
 * charge of a monthly gift (later charges of the same monthly gift get no thank-you, only their
 * receipt); the donor's first gift to this organization (no earlier succeeded or refunded gift
 * to it with the same email, case-insensitive, or from the same account); otherwise the
 * default. When the master switch or the chosen variant is off, nothing is sent (there is no
 * fall back to another variant). Gifts recorded offline (lib/services/donations/offline-gifts.ts)
 * publish no gift.succeeded and get no thank-you: the organization received them in person.
 *
 * "First" and "first charge" are judged against the gifts made BEFORE this one (created_at), so
 * the answer does not depend on when the worker runs. A gift refunded before its job runs is
 * not thanked.
 *
 * At most one per gift: a thank_you_mails row (primary key donation_id) is inserted ON CONFLICT
 * DO NOTHING in the same transaction as the mail job.
 */
import "server-only";
import { and, eq, inArray, ne, or, sql } from "drizzle-orm";
import { getDb, type Executor } from "@/lib/db/client";
import { fundraiserLabel, tributeLine } from "@/lib/donations/labels";
import { enqueueMail, startQueueWorker, THANK_YOU_QUEUE } from "@/lib/mail/queue";
import { formatCents } from "@/lib/money";
import { formatDayInTimeZone } from "@/lib/time/zoned-time";
import type { MergeValues, ThankYouVariant } from "@/lib/validations/thank-you";
import { fundraisers, donations, thankYouMails } from "@/models";
import type { DonationFacts, DonationRow } from "@/lib/services/donations/donation-facts";
import { loadOrganizationSender } from "./organization-sender";
import { readThankYouSettings, renderThankYou } from "./thank-you-templates";

/** The fallback of {{first_name}} when the donor did not share their name. */
export const FIRST_NAME_FALLBACK = "friend";

/**
 * The variant of a gift (precedence tribute > monthly > first > default), or null for a later
 * charge of a monthly gift (no thank-you).
 */
export function chooseThankYouVariant(gift: { tribute: boolean; monthlyCharge: "first" | "later" | null; firstGift: boolean }): ThankYouVariant | null {
  if (gift.monthlyCharge === "later") return null;
  if (gift.tribute) return "tribute";
  if (gift.monthlyCharge === "first") return "monthly";
  if (gift.firstGift) return "first";
  return "default";
}

/**
 * The merge values of gift `donation`: the name only as shared (not anonymous and share_name),
 * else {{first_name}} "friend" and {{last_name}} ""; amount in dollars from cents; the day of
 * the gift (succeeded_at, else created_at) in IANA zone `timeZone`.
 */
export function thankYouMergeValues({ donation, organizationName, fundraiserName, timeZone }: { donation: DonationRow; organizationName: string; fundraiserName: string | null; timeZone: string }): MergeValues {
  const sharedName = !donation.anonymous && donation.shareName ? (donation.donorName ?? "").trim() : "";
  const [first = "", ...rest] = sharedName.split(/\s+/).filter(Boolean);
  return {
    first_name: first || FIRST_NAME_FALLBACK,
    last_name: first ? rest.join(" ") : "",
    amount: formatCents(donation.amountCents),
    fundraiser: fundraiserLabel(fundraiserName),
    tribute: tributeLine(donation)?.replace(/^In /, "in ") ?? "",
    organization: organizationName,
    date: formatDayInTimeZone(donation.succeededAt ?? donation.createdAt, timeZone, { long: true }),
  };
}

/** Gifts made before `donation` (created earlier; the same instant: the smaller id). */
const madeBefore = (donation: DonationRow) =>
  or(sql`${donations.createdAt} < ${donation.createdAt.toISOString()}`, and(sql`${donations.createdAt} = ${donation.createdAt.toISOString()}`, sql`${donations.id} < ${donation.id}`));

/** Whether gift `donation` is a charge of a monthly gift, and if so its first or a later one. */
async function monthlyCharge(tx: Executor, donation: DonationRow): Promise<"first" | "later" | null> {
  if (!donation.recurringGiftId) return null;
  const [earlier] = await tx
    .select({ id: donations.id })
    .from(donations)
    .where(and(eq(donations.recurringGiftId, donation.recurringGiftId), ne(donations.id, donation.id), madeBefore(donation), inArray(donations.status, ["succeeded", "refunded"])))
    .limit(1);
  return earlier ? "later" : "first";
}

/** Whether gift `donation` is its donor's first to the organization (same email or same account). */
async function isFirstGift(tx: Executor, donation: DonationRow, email: string): Promise<boolean> {
  const sameDonor = donation.donorUserId ? or(sql`lower(${donations.donorEmail}) = ${email}`, eq(donations.donorUserId, donation.donorUserId)) : sql`lower(${donations.donorEmail}) = ${email}`;
  const [earlier] = await tx
    .select({ id: donations.id })
    .from(donations)
    .where(and(eq(donations.organizationId, donation.organizationId), ne(donations.id, donation.id), madeBefore(donation), inArray(donations.status, ["succeeded", "refunded"]), sameDonor))
    .limit(1);
  return !earlier;
}

/**
 * Queue the organization's thank-you for succeeded gift `donation` in `tx` (the rules above).
 * `facts`: the gift's facts when already read in `tx` (for the fundraiser's name).
 * @returns the variant queued, or null when none is sent (no email, switched off, later monthly charge, already queued).
 */
export async function enqueueThankYou({ tx, donation, facts }: { tx: Executor; donation: DonationRow; facts?: DonationFacts | null }): Promise<ThankYouVariant | null> {
  const email = donation.donorEmail?.toLowerCase();
  if (!email || donation.offlineMethod) return null;
  const settings = await readThankYouSettings({ db: tx, organizationId: donation.organizationId });
  if (!settings.enabled) return null;
  const variant = chooseThankYouVariant({ tribute: !!donation.tributeType, monthlyCharge: await monthlyCharge(tx, donation), firstGift: await isFirstGift(tx, donation, email) });
  if (!variant) return null;
  const template = settings.templates[variant];
  if (!template.enabled) return null;
  const org = await loadOrganizationSender({ db: tx, organizationId: donation.organizationId });
  if (!org) return null;
  const claimed = await tx.insert(thankYouMails).values({ donationId: donation.id, variant }).onConflictDoNothing().returning({ id: thankYouMails.donationId });
  if (claimed.length === 0) return null;
  let fundraiserName = facts?.fundraiserName ?? null;
  if (!facts && donation.fundraiserId) {
    const [fundraiser] = await tx.select({ name: fundraisers.name }).from(fundraisers).where(eq(fundraisers.id, donation.fundraiserId)).limit(1);
    fundraiserName = fundraiser?.name ?? null;
  }
  const values = thankYouMergeValues({ donation, organizationName: org.name, fundraiserName, timeZone: org.timeZone });
  await enqueueMail(renderThankYou({ draft: template, values, to: donation.donorEmail!.trim(), organization: org }), { tx });
  return variant;
}

/**
 * The thank-you job's work (THANK_YOU_QUEUE): queue the organization's thank-you for gift
 * `donationId` when it is still succeeded, in one transaction. Idempotent: a job run again
 * after a crash finds its thank_you_mails row and queues nothing.
 * @returns the variant queued, or null when none is (see enqueueThankYou).
 */
export async function sendThankYouForGift({ donationId }: { donationId: string }): Promise<ThankYouVariant | null> {
  const db = await getDb();
  return db.transaction(async (tx) => {
    const [donation] = await tx.select().from(donations).where(eq(donations.id, donationId)).limit(1);
    if (!donation || donation.status !== "succeeded") return null;
    return enqueueThankYou({ tx, donation });
  });
}

/** Start the thank-you worker in this process (the server calls this at start). Idempotent. */
export async function startThankYouWorker(options: { pollingIntervalSeconds?: number } = {}): Promise<void> {
  await startQueueWorker<{ donationId: string }>(THANK_YOU_QUEUE, { pollingIntervalSeconds: options.pollingIntervalSeconds ?? 2, batchSize: 10, concurrency: 2 }, ({ donationId }) => sendThankYouForGift({ donationId }));
}
