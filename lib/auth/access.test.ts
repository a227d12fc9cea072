/** The access module's rules (lib/auth/access.ts): who may act for an organization, a user, a donation. */
import { setEnvForTests } from "@/lib/env";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import {
  actsForOrganization,
  actsForUser,
  assertActsForOrganization,
  assertActsForUser,
  assertOrganizationMember,
  donationAccess,
  hasRole,
  ownOrganizationId,
  requireDonationAccess,
  requireRole,
} from "./access";
import { actorFromSession, type Actor } from "./actor";
import type { SessionUser } from "./types";

beforeAll(() => setEnvForTests({ NEXTAUTH_SECRET: "test-secret-for-access-0123456789" }));
afterAll(() => setEnvForTests({ NEXTAUTH_SECRET: undefined }));

const user = (over: Partial<SessionUser>): Actor =>
  actorFromSession({
  type: "individual",
  _id: "u1",
  email: "u1@example.org",
  firstName: "",
  lastName: "",
  organization_company: "",
  profileImg: null,
  telephone: null,
  orgId: null,
  ...over,
  });

const donor = user({ _id: "donor-1" });
const np = user({ _id: "np-1", type: "nonprofit", orgId: "org-1" });
const otherNp = user({ _id: "np-2", type: "nonprofit", orgId: "org-2" });
const admin = user({ _id: "admin", type: "admin" });

test("organization: only its own nonprofit user", () => {
  expect(actsForOrganization(np, "org-1")).toBe(true);
  for (const a of [otherNp, donor, admin, null]) expect(actsForOrganization(a, "org-1")).toBe(false);
  expect(actsForOrganization(user({ type: "individual", orgId: "org-1" }), "org-1")).toBe(false);
  expect(() => assertActsForOrganization(otherNp, "org-1")).toThrow(expect.objectContaining({ status: 403 }));
  expect(assertActsForOrganization(np, "org-1")).toBe("org-1");
});

test("user: only the user themself, of the account type asked for", () => {
  expect(assertActsForUser(donor, "donor-1")).toBe("donor-1");
  expect(() => assertActsForUser(np, "donor-1")).toThrow(expect.objectContaining({ status: 403 }));
  expect(actsForUser(donor, "donor-1", "donor")).toBe(true);
  expect(actsForUser(np, "np-1", "donor")).toBe(false);
  expect(actsForUser(null, "donor-1")).toBe(false);
  expect(actsForUser(donor, null)).toBe(false);
  expect(() => assertActsForUser(np, "np-1", "donor")).toThrow(expect.objectContaining({ status: 403 }));
});

test("account types: roles, the nonprofit's own organization, a session required", () => {
  expect(hasRole(admin, "admin")).toBe(true);
  expect(hasRole(donor, "nonprofit", "admin")).toBe(false);
  expect(hasRole(null, "donor")).toBe(false);
  expect(requireRole(np, "donor", "nonprofit")).toBe(np);
  expect(() => requireRole(admin, "donor", "nonprofit")).toThrow(expect.objectContaining({ status: 403 }));
  expect(() => requireRole(null, "admin")).toThrow(expect.objectContaining({ status: 401 }));
  expect(ownOrganizationId(np)).toBe("org-1");
  for (const a of [donor, admin, user({ type: "nonprofit", orgId: null })]) expect(() => ownOrganizationId(a)).toThrow(expect.objectContaining({ status: 403 }));
  expect(() => ownOrganizationId(null)).toThrow(expect.objectContaining({ status: 401 }));
  expect(() => assertOrganizationMember(null, "org-1")).toThrow(expect.objectContaining({ status: 401 }));
  expect(() => assertOrganizationMember(otherNp, "org-1")).toThrow(expect.objectContaining({ status: 403 }));
  expect(() => assertOrganizationMember(np, "org-1")).not.toThrow();
});

test("donation: its donor, its organization, or its access-token holder; nobody else learns it exists", () => {
  const d = { id: "don-1", organizationId: "org-1", donorUserId: "donor-1" };
  expect(donationAccess(donor, d)).toEqual(["donor"]);
  // The account that paid is the donor whatever its type (a nonprofit user may give too).
  expect(donationAccess(np, { ...d, organizationId: "org-9", donorUserId: "np-1" })).toEqual(["donor"]);
  expect(donationAccess(admin, d)).toEqual(["admin"]);
  expect(donationAccess(np, d)).toEqual(["organization"]);
  expect(donationAccess(null, d, donationAccessToken("don-1"))).toEqual(["token"]);
  expect(donationAccess(otherNp, d, donationAccessToken("don-2"))).toEqual([]);
  expect(() => requireDonationAccess(otherNp, d, ["organization", "token"])).toThrow(expect.objectContaining({ status: 404 }));
  expect(requireDonationAccess(null, d, ["token"], donationAccessToken("don-1"))).toBe("token");
});
