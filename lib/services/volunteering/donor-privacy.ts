/**
 * What a nonprofit may see of a donor outside a donation (volunteer hours, stories): only
 * what the donor shares by default in their preferences (ShareMyPrivateInfo).
 */
import "server-only";
import { donorPreferences, users } from "@/models";

/** Columns to select with a left join on donor_preferences. */
export const donorIdentityColumns = {
  firstName: users.firstName,
  lastName: users.lastName,
  email: users.email,
  shareName: donorPreferences.shareName,
  shareEmail: donorPreferences.shareEmail,
};

type IdentityColumns = { firstName: string | null; lastName: string | null; email: string | null; shareName: boolean | null; shareEmail: boolean | null };

export type SharedDonorIdentity = { donorName: string | null; donorEmail: string | null };

/** Name and email only when shared; otherwise null. */
export function sharedIdentity(r: IdentityColumns): SharedDonorIdentity {
  return {
    donorName: r.shareName ? `${r.firstName ?? ""} ${r.lastName ?? ""}`.trim() || null : null,
    donorEmail: r.shareEmail ? r.email : null,
  };
}

/**
 * Rows selected with donorIdentityColumns, with those columns replaced by what the donor shares
 * (donorName, donorEmail): the raw name and email never leave the service.
 */
export function withSharedIdentity<R extends IdentityColumns>(rows: R[]): (Omit<R, keyof IdentityColumns> & SharedDonorIdentity)[] {
  return rows.map(({ firstName, lastName, email, shareName, shareEmail, ...rest }) => ({
    ...rest,
    ...sharedIdentity({ firstName, lastName, email, shareName, shareEmail }),
  }));
}
