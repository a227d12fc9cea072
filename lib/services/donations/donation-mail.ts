/**
 * The donation emails of a gift: the donor's receipt, the nonprofit's notification and the
 * platform's copy, queued in the caller's transaction (lib/mail/queue.ts) so they are sent once
 * and only if that transaction commits. Their facts come from the one read of a donation
 * (./donation-facts.ts), so the emails, the PDF receipt and the result page cannot disagree.
 * Amounts in cents, times UTC.
 */
import "server-only";
import type { Executor } from "@/lib/db/client";
import { displayDonationStatus, paymentTypeLabel, tributeLine } from "@/lib/donations/labels";
import { baseUrl } from "@/lib/env";
import { donationMailJob } from "@/lib/mail/mail-job";
import { enqueueMails } from "@/lib/mail/queue";
import { donationMailHasRecipient, type DonationMailFacts } from "@/lib/mail/templates/donation";
import { recurringManageUrl } from "@/lib/auth/recurring-manage-link";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import { organizationDisplayName } from "@/lib/directory/display-name";
import { loadDonationFacts, type DonationFacts, type DonationRow } from "./donation-facts";

export type DonationMailFactsOptions = {
  tx: Executor;
  /** The caller's donation row (inside a webhook's transaction it carries the status just applied). */
  donation: DonationRow;
  /** The donation's facts when the caller has read them in `tx` already; else read here. */
  known?: DonationFacts | null;
};

/**
 * The facts the donation emails need: `known` when the caller has read them in `tx` already
 * (the payment-event read takes them with the donation), else read inside `tx` through
 * loadDonationFacts. The donation fields come from `donation`, the caller's row: inside a
 * webhook's transaction it carries the status just applied.
 */
export async function donationMailFacts({ tx, donation: d, known }: DonationMailFactsOptions): Promise<DonationMailFacts> {
  const facts = known ?? (await loadDonationFacts({ db: tx, donationId: d.id }));
  const org = facts?.organization;
  return {
    donationId: d.id,
    createdAt: d.createdAt,
    amountCents: d.amountCents,
    feeCents: d.feeCents,
    coverFees: d.coverFees,
    status: displayDonationStatus(d.status),
    paymentType: paymentTypeLabel(d.paymentMethodType),
    recurring: Boolean(d.recurringGiftId),
    organizationName: org ? organizationDisplayName(org) : "the organization",
    organizationLegalName: org?.legalName ?? null,
    organizationEin: org?.ein ?? null,
    organizationEmail: org?.email ?? null,
    organizationLogoUrl: org?.logoUrl ?? null,
    irsDeductibility: org?.irsDeductibility ?? null,
    fundraiserName: facts?.fundraiserName ?? null,
    donor: {
      name: d.donorName,
      email: d.donorEmail,
      telephone: d.donorTelephone,
      city: d.donorCity,
      state: d.donorState,
      gender: d.donorGender,
      ageRange: d.donorAgeRange,
    },
    anonymous: d.anonymous,
    share: { name: d.shareName, email: d.shareEmail, phone: d.shareTelephone, location: d.shareLocation, gender: d.shareGender, age: d.shareAge },
    receiptUrl: `${baseUrl()}/api/receipts/${d.id}?token=${donationAccessToken(d.id)}`,
    manageUrl: d.recurringGiftId ? recurringManageUrl(d.recurringGiftId) : null,
    tribute: tributeLine(d),
  };
}

export type EnqueueDonationMailOptions = DonationMailFactsOptions & {
  /** Which of the emails to queue (default: all three). */
  which?: { receipt?: boolean; nonprofit?: boolean; platform?: boolean };
};

/**
 * Queue the receipt, the nonprofit notification and the platform copy of `donation` in `tx`
 * (`which`: some of them; `known`: the donation's facts when already read in `tx`). Returns how many.
 */
export async function enqueueDonationMail({
  tx,
  donation: d,
  which = { receipt: true, nonprofit: true, platform: true },
  known,
}: EnqueueDonationMailOptions): Promise<number> {
  const facts = await donationMailFacts({ tx, donation: d, known });
  // Queued as their facts and rendered at delivery (lib/mail/mail-job.ts); none without a recipient.
  const kinds = (["receipt", "nonprofit", "platform"] as const).filter((kind) => which[kind] && donationMailHasRecipient(kind, facts));
  await enqueueMails(
    kinds.map((kind) => donationMailJob(kind, facts)),
    { tx },
  );
  return kinds.length;
}
