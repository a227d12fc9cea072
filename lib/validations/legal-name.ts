/**
 * The organization's legal name and EIN as the IRS file gives them, shown beside any display
 * name the organization chose on its profile, at checkout and on receipts ("Legal name: VERMONT
 * FOODBANK, EIN 22-3021942"), so a renamed or newly claimed listing can always be matched to the
 * IRS record (IRS Publication 1771: a written acknowledgment names the organization). Pure and
 * browser-safe.
 */
import { messages } from "./messages";

/** "12-3456789" from 9 digits; the input as it is otherwise. */
function einDisplay(ein: string): string {
  return /^\d{9}$/.test(ein) ? `${ein.slice(0, 2)}-${ein.slice(2)}` : ein;
}

/**
 * The "Legal name: NAME, EIN 12-3456789" line, or null when the organization has no IRS record
 * (registered without an EIN).
 */
export function legalNameLine(org: { legalName: string | null | undefined; ein: string | null | undefined }): string | null {
  if (!org.legalName || !org.ein) return null;
  return messages.claims.legalName.replace("{{legalName}}", org.legalName).replace("{{ein}}", einDisplay(org.ein));
}
