/**
 * What a job of the mail queue carries: a rendered message, or one email of a succeeded
 * donation as its facts, rendered when it is delivered. A donation's three emails are some
 * 27 KB of text and HTML but 5 KB of facts: written inside the donation's transaction, the
 * smaller jobs hold the embedded database's lock for less time at every gift, and the mail
 * worker fetches less. The facts are those of the moment of the gift (read in its
 * transaction), so the email is the one it would have been. Each job keeps only the facts its
 * email shows ({@link donationMailJob}): the nonprofit's notification holds no donor detail
 * the donor did not share, and neither it nor the platform's copy holds the receipt's token.
 */
import "server-only";
import { serverEnv } from "@/lib/env";
import { donationMail, type DonationMailFacts, type DonationMailKind } from "@/lib/mail/templates/donation";
import { tributeCardMail, type TributeCardFacts } from "@/lib/mail/templates/tribute";
import type { MailMessage } from "@/lib/mail/transport";

/** A donation email queued as its facts (`createdAt` comes back from the queue as ISO 8601 text). */
export type DonationMailJob = { donationMail: DonationMailKind; facts: DonationMailFacts };

/**
 * A tribute gift's card queued as its facts, to be sent on the donor's chosen day; delivery
 * sends it only while the gift is still succeeded (lib/mail/queue.ts).
 */
export type TributeCardJob = { tributeCard: TributeCardFacts };

/** One job of the mail queue. */
export type MailJob = MailMessage | DonationMailJob | TributeCardJob;

/**
 * The message a job delivers: the message itself, or the donation email or tribute card
 * rendered from its facts (the platform copy to PLATFORM_DONATIONS_EMAIL). Null: nothing to send.
 */
export function mailOfJob(job: MailJob): MailMessage | null {
  if ("tributeCard" in job) return tributeCardMail(job.tributeCard);
  if (!("donationMail" in job)) return job;
  const facts: DonationMailFacts = { ...job.facts, createdAt: new Date(job.facts.createdAt) };
  return donationMail(job.donationMail, facts, serverEnv().PLATFORM_DONATIONS_EMAIL);
}

const NO_DONOR: DonationMailFacts["donor"] = { name: null, email: null, telephone: null, city: null, state: null, gender: null, ageRange: null };

/**
 * The job of donation email `kind`, with only the facts that email shows: the receipt all of
 * them (the donor's own); the nonprofit's notification the donor details shared for this gift
 * (none when anonymous; the rule of sharedDonorDetails) and no receipt or manage link; the
 * platform's copy no donor detail and no link.
 */
export function donationMailJob(kind: DonationMailKind, facts: DonationMailFacts): DonationMailJob {
  if (kind === "receipt") return { donationMail: kind, facts };
  const { donor, share, anonymous } = facts;
  const shared: DonationMailFacts["donor"] =
    kind === "platform" || anonymous
      ? NO_DONOR
      : {
          name: share.name ? donor.name : null,
          email: share.email ? donor.email : null,
          telephone: share.phone ? donor.telephone : null,
          city: share.location ? donor.city : null,
          state: share.location ? donor.state : null,
          gender: share.gender ? donor.gender : null,
          ageRange: share.age ? donor.ageRange : null,
        };
  return { donationMail: kind, facts: { ...facts, donor: shared, receiptUrl: "", manageUrl: null } };
}

