/**
 * The public view of an organization: explicit columns only, safe for anyone to read. The
 * IRS deductibility code is turned into a yes/no with its source code kept.
 */
import "server-only";
import { formatEin } from "@/lib/donations/labels";
import { organizations } from "@/models";
import { canReceiveGifts, claimVerified } from "./receiving";
import { displayCity, displayOrganizationName } from "@/lib/directory/display-name";

export const publicOrganizationColumns = {
  id: organizations.id,
  ein: organizations.ein,
  name: organizations.name,
  legalName: organizations.legalName,
  nickname: organizations.nickname,
  city: organizations.city,
  state: organizations.state,
  zipcode: organizations.zipcode,
  logoUrl: organizations.logoUrl,
  description: organizations.description,
  mission: organizations.mission,
  nteeCode: organizations.nteeCode,
  category: organizations.category,
  irsSubsection: organizations.irsSubsection,
  irsDeductibility: organizations.irsDeductibility,
  irsRuling: organizations.irsRuling,
  claimed: organizations.claimed,
  claimPendingSince: organizations.claimPendingSince,
  live: organizations.live,
  approvalStatus: organizations.approvalStatus,
  socialMedia: organizations.socialMedia,
  impacts: organizations.impacts,
  stripeComplete: organizations.stripeComplete,
  // Read only to decide whether it can receive gifts; never part of the DTO.
  stripeAccountId: organizations.stripeAccountId,
  paypalMerchantId: organizations.paypalMerchantId,
  sandboxConnectedAt: organizations.sandboxConnectedAt,
};

type Row = { [K in keyof typeof publicOrganizationColumns]: (typeof publicOrganizationColumns)[K]["_"]["data"] | null };

export type PublicOrganization = {
  _id: string;
  ein: string | null;
  /** "12-3456789" display form. */
  einFormatted: string | null;
  /**
   * Display name: the nonprofit's own name when it edited it, else the IRS name in title case
   * with acronyms kept (lib/directory/display-name.ts).
   */
  name: string;
  /** The legal name as filed with the IRS (EO BMF NAME); null for an organization registered without an EIN. */
  legalName: string | null;
  nickname: string | null;
  /** city: display form (IRS abbreviations expanded: "S BURLINGTON" -> "South Burlington"). */
  address: { city: string | null; state: string | null; zipcode: string | null };
  images: { logo: string | null };
  description: string | null;
  mission: string | null;
  nteeCode: string | null;
  category: string | null;
  /** 501(c) subsection code, "03" = 501(c)(3). */
  subsection: string | null;
  /** IRS deductibility: true for codes 1 and 4 (by treaty), false for 2, null when unknown. */
  taxDeductible: boolean | null;
  rulingYear: number | null;
  claimed: boolean;
  /** Claimed and the claim verified (email at its domain, mailed letter code or document review); false while pending or unclaimed. */
  verified: boolean;
  /** Claimed and waiting for verification: the profile shows the directory's facts and takes pledges. */
  claimPending: boolean;
  live: boolean;
  approvalStatus: "approved" | "pending" | "rejected";
  socialMedia: Record<string, string>;
  impacts: { label: string; value: string }[];
  /** Claimed, approved, live and connected to a payout account: it can receive gifts now (else pledges). */
  acceptsDonations: boolean;
};

/** Map selected public columns to the DTO. */
export function toPublicOrganization(row: Row): PublicOrganization {
  const code = row.irsDeductibility;
  return {
    _id: row.id!,
    ein: row.ein,
    einFormatted: formatEin(row.ein),
    name: displayOrganizationName(row.name ?? "", row.legalName),
    legalName: row.legalName,
    nickname: row.nickname,
    address: { city: displayCity(row.city, row.zipcode), state: row.state, zipcode: row.zipcode },
    images: { logo: row.logoUrl },
    description: row.description,
    mission: row.mission,
    nteeCode: row.nteeCode,
    category: row.category,
    subsection: row.irsSubsection,
    taxDeductible: code === "1" || code === "4" ? true : code === "2" ? false : null,
    rulingYear: row.irsRuling && /^\d{6}$/.test(row.irsRuling) ? Number(row.irsRuling.slice(0, 4)) : null,
    claimed: row.claimed ?? false,
    verified: claimVerified({ claimed: row.claimed ?? false, claimPendingSince: row.claimPendingSince }),
    claimPending: (row.claimed ?? false) && !!row.claimPendingSince,
    live: row.live ?? false,
    approvalStatus: row.approvalStatus ?? "approved",
    socialMedia: (row.socialMedia ?? {}) as Record<string, string>,
    impacts: row.impacts ?? [],
    // Gifts need a claimed and verified, approved, live organization connected to a payout account (checked again at checkout).
    acceptsDonations: canReceiveGifts({
      org: {
        claimed: row.claimed ?? false,
        claimPendingSince: row.claimPendingSince,
        approvalStatus: row.approvalStatus ?? "approved",
        live: row.live ?? false,
        stripeAccountId: row.stripeAccountId,
        stripeComplete: row.stripeComplete ?? false,
        paypalMerchantId: row.paypalMerchantId,
        sandboxConnectedAt: row.sandboxConnectedAt,
      },
    }),
  };
}
