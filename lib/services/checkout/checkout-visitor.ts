/**
 * The visitor's own part of the donate page served from cache (GET /api/checkout/visitor,
 * docs/decisions/0006-public-pages-from-cache.md): who is giving and their sharing defaults
 * (lib/services/donations), a pledge link's prefill (lib/services/pledges) and the supporter page
 * the gift is made on (lib/services/supporter-pages). It sits above those folders, which do not
 * import it.
 */
import "server-only";
import type { Actor } from "@/lib/auth/actor";
import type { Cents } from "@/lib/money";
import type { ShareChoices } from "@/lib/validations/donation";
import { donorOf, donorShareDefaults, type CheckoutContext } from "@/lib/services/donations/get-checkout-context";
import { pledgePrefill } from "@/lib/services/pledges/pledges";
import { supporterPageForCheckout, type CheckoutSupporterPage } from "@/lib/services/supporter-pages/public-supporter-pages";

/** What of a checkout is the visitor's own (GET /api/checkout/visitor), for the donate page served from cache. */
export type CheckoutVisitor = {
  /** The signed-in caller ("Giving as …"); null for a guest. */
  donor: CheckoutContext["donor"];
  shareDefaults: ShareChoices;
  /** A pledge link's amount (cents) and email: only with the pledge's token (pledgePrefill). */
  prefill: { amountCents: Cents; email: string } | null;
  /** The active supporter page of the fundraiser the gift is made on (`?page=`), else null. */
  supporterPage: CheckoutSupporterPage | null;
};

/**
 * The visitor's own part of a checkout: who is giving and their sharing defaults, the prefill of
 * a pledge link (`pledgeId` with its `token`, for this organization) and the supporter page
 * named by `pageId` (of fundraiser `fundraiserId`). Reads only; what the visitor may not see
 * (another's pledge, a wrong token, an inactive page) comes back as null, never as an error.
 */
export async function getCheckoutVisitor({ actor, organizationId, fundraiserId, pledgeId, token, pageId }: { actor: Actor | null; organizationId: string; fundraiserId: string | null; pledgeId: string | null; token: string | null; pageId: string | null }): Promise<CheckoutVisitor> {
  const [shareDefaults, prefill, supporterPage] = await Promise.all([
    donorShareDefaults({ actor }),
    pledgeId ? pledgePrefill({ pledgeId, token, organizationId }) : null,
    pageId && fundraiserId ? supporterPageForCheckout({ pageId, fundraiserId }) : null,
  ]);
  return { donor: donorOf(actor), shareDefaults, prefill, supporterPage };
}
