/**
 * What a checkout shows: the organization (and whether it accepts gifts: approved and live),
 * the fundraiser with its progress in cents (or a direct gift), the largest gift and the active
 * provider (with Stripe's publishable key for its payment form), and what is the visitor's own:
 * the signed-in donor's name, email and sharing defaults (donor_preferences), a pledge link's
 * prefill and the supporter page the gift is made on.
 *
 * The site's donate page /donation/:id/:campaign is the same for every visitor and served from
 * cache (getCheckoutContext without an actor); the visitor's own part comes in the browser from
 * GET /api/checkout/visitor (lib/services/checkout/checkout-visitor.ts). The embeddable form, rendered per request,
 * takes both from getCheckoutContext with the actor.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { hasAccountType } from "@/lib/auth/can";
import { getDb } from "@/lib/db/client";
import { serverEnv } from "@/lib/env";
import type { Cents } from "@/lib/money";
import { taxStatusOf, type TaxStatus } from "@/lib/directory/tax-status";
import { activeProviderName } from "@/lib/payments";
import { formatEin } from "@/lib/donations/labels";
import { fundraiserColumns, toFundraiser, type Fundraiser } from "@/lib/services/fundraisers/fundraiser";
import { canReceiveGifts } from "@/lib/services/organizations/receiving";
import type { ShareChoices } from "@/lib/validations/donation";
import { fundraisers, donorPreferences, organizations } from "@/models";
import { displayCity, organizationDisplayName } from "@/lib/directory/display-name";
import { NOTHING_SHARED } from "@/lib/donations/share-choices";

export type CheckoutContext = {
  /**
   * acceptsGifts: approved and live. receivesGifts: also claimed and connected to a payout
   * account, so a charge can be made; otherwise the page offers a pledge.
   */
  organization: {
    id: string;
    /** Display name (lib/directory/display-name.ts): the nonprofit's own name, else the IRS name made readable. */
    name: string;
    /** Display form of the city ("S BURLINGTON" -> "South Burlington"). */
    city: string | null;
    state: string | null;
    ein: string | null;
    /** "12-3456789". */
    einFormatted: string | null;
    /** The legal name in the IRS file (shown beside the display name); null without an EIN. */
    legalName: string | null;
    /** 501(c) status and deductibility in plain words, from the IRS codes. */
    tax: TaxStatus;
    acceptsGifts: boolean;
    receivesGifts: boolean;
  };
  /** The fundraiser given to, or null for a direct gift; an ended one takes no gifts. */
  campaign: Fundraiser | null;
  donor: { name: string; email: string } | null;
  shareDefaults: ShareChoices;
  maxCents: Cents;
  provider: "sandbox" | "stripe" | "paypal";
  /** STRIPE_PUBLISHABLE_KEY (public by design) for Stripe's payment form; null when unset. */
  stripePublishableKey: string | null;
};

/** @returns null when the organization (or the named fundraiser of it) does not exist. */
export async function getCheckoutContext({ actor, organizationId, fundraiser: fundraiserParam }: { actor: Actor | null; organizationId: string; fundraiser: string }): Promise<CheckoutContext | null> {
  const db = await getDb();
  const [org] = await db.select().from(organizations).where(eq(organizations.id, organizationId));
  if (!org) return null;
  let fundraiser: CheckoutContext["campaign"] = null;
  if (fundraiserParam !== "direct") {
    const [c] = await db.select(fundraiserColumns).from(fundraisers).where(and(eq(fundraisers.id, fundraiserParam), eq(fundraisers.organizationId, org.id)));
    if (!c) return null;
    fundraiser = toFundraiser(c);
  }
  const shareDefaults = await donorShareDefaults({ actor });
  return {
    organization: { id: org.id, name: organizationDisplayName(org), city: displayCity(org.city, org.zipcode), state: org.state, ein: org.ein,
      einFormatted: formatEin(org.ein),
      legalName: org.legalName,
      tax: taxStatusOf(org.irsSubsection, org.irsDeductibility),
      acceptsGifts: org.approvalStatus === "approved" && org.live, receivesGifts: canReceiveGifts({ org }) },
    campaign: fundraiser,
    donor: donorOf(actor),
    shareDefaults,
    maxCents: serverEnv().DONATION_MAX_CENTS,
    provider: activeProviderName(),
    stripePublishableKey: serverEnv().STRIPE_PUBLISHABLE_KEY ?? null,
  };
}


/** The signed-in caller as the checkout names them ("Giving as …"), or null for a guest. */
export const donorOf = (actor: Actor | null): CheckoutContext["donor"] => (actor ? { name: `${actor.firstName} ${actor.lastName}`.trim(), email: actor.email } : null);

/** A donor's saved sharing choices (donor_preferences); NOTHING_SHARED for a guest, another account type or no saved row. */
export async function donorShareDefaults({ actor }: { actor: Actor | null }): Promise<ShareChoices> {
  if (!hasAccountType(actor, "donor")) return NOTHING_SHARED;
  const db = await getDb();
  const [p] = await db.select().from(donorPreferences).where(eq(donorPreferences.userId, actor.id));
  return p ? { name: p.shareName, email: p.shareEmail, location: p.shareLocation, phone: p.shareTelephone, gender: p.shareGender, age: p.shareAge } : NOTHING_SHARED;
}
