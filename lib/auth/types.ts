/**
 * The signed-in user as carried by the session (spec section 3: type, _id, email, firstName,
 * lastName, organization_company, profileImg, telephone), plus the organization id of a
 * nonprofit user. Safe to send to the browser: no hash, no token.
 */
export type UserType = "individual" | "nonprofit" | "admin";

export type SessionUser = {
  type: UserType;
  _id: string;
  email: string;
  firstName: string;
  lastName: string;
  organization_company: string;
  profileImg: string | null;
  telephone: string | null;
  /** The organization a nonprofit user acts for; null for donors. */
  orgId: string | null;
};
