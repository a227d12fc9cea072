/**
 * The donation a result page names in its query (?donation=&token=), for the site's result
 * and thank-you pages and the embedded form's. The access token (or the donor's session)
 * is checked by getDonationResult.
 */
import { getActor } from "@/lib/http/session";
import { getDonationResult, type DonationResult } from "@/lib/services/donations/get-donation-result";

/** The donation named by ?donation=&token= (or the donor's own), or null when missing or not accessible. */
export async function loadResult(searchParams: Promise<Record<string, string | string[] | undefined>>): Promise<DonationResult | null> {
  const q = await searchParams;
  const id = typeof q.donation === "string" ? q.donation : null;
  const token = typeof q.token === "string" ? q.token : null;
  if (!id || !/^[A-Za-z0-9_-]{1,64}$/.test(id)) return null;
  return getDonationResult({ actor: await getActor(), donationId: id, token }).catch(() => null);
}
