/**
 * The access rule (lib/auth/can.ts), action by action and role by role: a donor, the nonprofit
 * user of organization A, the nonprofit user of organization B, the admin and nobody. The
 * expected table is written out in full, so loosening (or tightening) any rule fails here.
 */
import type { ApiKeyActor } from "./api-key-access";
import { actions, can, hasAccountType, principalFromSessionUser, type Action, type ActionResources, type CanActor, type Principal } from "./can";

const donor: Principal = { id: "donor-1", role: "donor", organizationId: null };
const npA: Principal = { id: "np-a", role: "nonprofit", organizationId: "org-a" };
const npB: Principal = { id: "np-b", role: "nonprofit", organizationId: "org-b" };
const admin: Principal = { id: "admin", role: "admin", organizationId: null };

const actors = { donor, npA, npB, admin, nobody: null } satisfies Record<string, CanActor>;
type Who = keyof typeof actors;

const org = { organizationId: "org-a" };
const donorAccount = { userId: "donor-1" };
const npAAccount = { userId: "np-a" };
const donation = { donorId: "donor-1", organizationId: "org-a" };
const gift = { donorId: "donor-1", organizationId: "org-a" };
const platform = {};

/**
 * Each action, decided on a resource of organization A / the donor's account / the donor's
 * donation to organization A, and on the nonprofit A user's own account for account actions:
 * who is allowed. Everybody else must be refused.
 */
const expected: { [A in Action]: Array<[ActionResources[A], Who[]]> } = {
  "organization.update": [[org, ["npA"]]],
  // What the public sees and payouts: a member of a verified claim only, never a pending claimant.
  "organization.publish": [
    [{ ...org, claimVerified: true }, ["npA"]],
    [{ ...org, claimVerified: false }, []],
  ],
  "payout.connect": [
    [{ ...org, claimVerified: true }, ["npA"]],
    [{ ...org, claimVerified: false }, []],
  ],
  // A claim belongs to the nonprofit account that made it, whichever organization it names.
  "claim.verify": [
    [npAAccount, ["npA"]],
    [donorAccount, []],
  ],
  "organization.members.view": [[org, ["npA"]]],
  // Adding or removing accounts: a member of a verified claim only, never a pending claimant.
  "organization.members.manage": [
    [{ ...org, claimVerified: true }, ["npA"]],
    [{ ...org, claimVerified: false }, []],
  ],
  // The account activity: members only, never the admin's session or another organization's.
  "organization.viewActivity": [[org, ["npA"]]],
  "fundraiser.manage": [[org, ["npA"]]],
  "event.manage": [[org, ["npA"]]],
  "report.view": [[org, ["npA"]]],
  "budget.manage": [[org, ["npA"]]],
  "payout.manage": [[org, ["npA"]]],
  "apiKey.manage": [[org, ["npA"]]],
  "webhook.manage": [[org, ["npA"]]],
  "impactStory.publish": [[org, ["npA"]]],
  "volunteerHours.verify": [[org, ["npA"]]],
  "pledge.view": [[org, ["npA", "admin"]]],
  "donation.recordOffline": [[org, ["npA"]]],
  "donorRelationship.view": [[org, ["npA"]]],
  "donorRelationship.annotate": [[org, ["npA"]]],
  "supporterPage.moderate": [[org, ["npA"]]],
  "supporterPage.edit": [
    [{ supporterId: "donor-1", organizationId: "org-a" }, ["donor", "npA"]],
    // A page whose supporter's account is gone: only its organization.
    [{ supporterId: null, organizationId: "org-a" }, ["npA"]],
  ],
  // The supporter's own choices: never its organization.
  "supporterPage.editOwnChoices": [
    [{ supporterId: "donor-1", organizationId: "org-a" }, ["donor"]],
    [{ supporterId: null, organizationId: "org-a" }, []],
  ],
  "donorMail.manage": [[org, ["npA"]]],

  "donation.view": [[donation, ["donor", "npA", "admin"]], [{ donorId: "np-b", organizationId: "org-a" }, ["npA", "npB", "admin"]]],
  // Only the account that paid, whatever its type.
  "donation.viewOwn": [[donation, ["donor"]], [{ donorId: "np-a", organizationId: "org-a" }, ["npA"]], [{ donorId: null, organizationId: "org-a" }, []]],
  "donation.receipt": [
    [donation, ["donor"]],
    [{ donorId: null, organizationId: "org-a" }, []],
    // A gift the organization recorded offline: its members hand the receipt to the donor.
    [{ donorId: null, organizationId: "org-a", recordedOffline: true }, ["npA"]],
    [{ ...donation, recordedOffline: true }, ["donor", "npA"]],
  ],
  "donation.refund": [[donation, ["npA"]], [{ donorId: "np-b", organizationId: "org-a" }, ["npA"]]],
  "donation.resendNonprofitNotice": [[donation, ["npA", "admin"]]],
  "donation.resendPlatformNotice": [[donation, ["admin"]]],

  "recurringGift.manage": [[gift, ["donor"]], [{ donorId: null, organizationId: "org-a" }, []]],

  "account.update": [[donorAccount, ["donor"]], [npAAccount, ["npA"]]],
  "donationHistory.view": [[donorAccount, ["donor"]], [npAAccount, []]],
  "report.requestOwn": [[donorAccount, ["donor"]], [npAAccount, ["npA"]]],
  "sharingLog.view": [[donorAccount, ["donor"]], [npAAccount, []]],
  "payout.finishOwnOnboarding": [[donorAccount, ["donor"]], [npAAccount, ["npA"]], [{ userId: null }, []]],
  "reward.view": [[donorAccount, ["donor"]], [npAAccount, ["npA"]]],
  "event.like": [[donorAccount, ["donor"]], [npAAccount, ["npA"]]],
  "volunteerHours.log": [[donorAccount, ["donor"]], [npAAccount, []]],
  "supporterPage.create": [[donorAccount, ["donor"]], [npAAccount, []]],
  "impactStory.read": [[donorAccount, ["donor"]], [npAAccount, []]],

  "admin.review": [[platform, ["admin"]]],
  "admin.view": [[platform, ["admin"]]],
  "updateNotice.manage": [[platform, ["admin"]]],
  "platform.configure": [[platform, ["admin"]]],

  // No signed-in account reads the public API: only a key does (tested below).
  "publicApi.read": [[{ organizationId: "org-a", scope: "read:donations" }, []]],
};

test("the table covers every action of the rule", () => {
  expect(Object.keys(expected).sort()).toEqual([...actions].sort());
});

describe.each(actions)("%s", (action) => {
  test.each(Object.keys(actors) as Who[])("as %s", (who) => {
    for (const [resource, allowed] of expected[action] as Array<[ActionResources[Action], Who[]]>) {
      expect({ resource, allowed: can(actors[who], action, resource as never) }).toEqual({ resource, allowed: allowed.includes(who) });
    }
  });
});

test("missing ids deny: a resource without an owner belongs to nobody", () => {
  expect(can(npA, "organization.update", { organizationId: null })).toBe(false);
  expect(can(npA, "organization.update", { organizationId: undefined })).toBe(false);
  expect(can(npA, "organization.update", { organizationId: "" })).toBe(false);
  expect(can({ ...npA, organizationId: null }, "organization.update", { organizationId: null })).toBe(false);
  expect(can({ ...donor, id: "" }, "account.update", { userId: "" })).toBe(false);
  expect(can(donor, "account.update", { userId: null })).toBe(false);
  expect(can(admin, "pledge.view", { organizationId: null })).toBe(true);
});

test("an organization id on a donor's session grants nothing: only a nonprofit user is a member", () => {
  expect(can({ ...donor, organizationId: "org-a" }, "organization.update", org)).toBe(false);
  expect(can({ ...admin, organizationId: "org-a" }, "report.view", org)).toBe(false);
});

test("verified tokens: a guest with a donation's access token sees its receipt, nothing more", () => {
  const withToken = { ...donation, holdsAccessToken: true };
  expect(can(null, "donation.receipt", withToken)).toBe(true);
  expect(can(npB, "donation.receipt", withToken)).toBe(true);
  expect(can(null, "donation.view", withToken)).toBe(false);
  expect(can(null, "donation.refund", withToken)).toBe(false);
  expect(can(null, "recurringGift.manage", { ...gift, holdsManageToken: true })).toBe(true);
  expect(can(npB, "recurringGift.manage", { ...gift, holdsManageToken: false })).toBe(false);
});

test("public API: a key reads only its own organization, with a scope it holds", () => {
  const key: ApiKeyActor = { kind: "api_key", keyId: "k1", organizationId: "org-a", scopes: ["read:donations"] };
  expect(can(key, "publicApi.read", { organizationId: "org-a", scope: "read:donations" })).toBe(true);
  expect(can(key, "publicApi.read", { organizationId: "org-a", scope: "read:events" })).toBe(false);
  expect(can(key, "publicApi.read", { organizationId: "org-b", scope: "read:donations" })).toBe(false);
  // A key is not a signed-in account: it may do nothing else, even for its organization.
  for (const action of actions.filter((a) => a !== "publicApi.read")) {
    expect({ action, allowed: can(key, action, { organizationId: "org-a", userId: "k1", donorId: "k1" } as never) }).toEqual({ action, allowed: false });
  }
});

test("an unknown action or no resource is refused", () => {
  expect(can(admin, "everything" as Action, {} as never)).toBe(false);
  expect(can(admin, "toString" as Action, {} as never)).toBe(false);
  expect(can(npA, "organization.update", undefined as never)).toBe(false);
});

test("account types and the session's wire format", () => {
  expect(hasAccountType(admin, "admin")).toBe(true);
  expect(hasAccountType(donor, "nonprofit", "admin")).toBe(false);
  expect(hasAccountType(null, "donor")).toBe(false);
  expect(principalFromSessionUser({ _id: "u1", type: "individual", orgId: null })).toEqual({ id: "u1", role: "donor", organizationId: null });
  expect(principalFromSessionUser({ _id: "u2", type: "nonprofit", orgId: "org-a" })).toEqual({ id: "u2", role: "nonprofit", organizationId: "org-a" });
  expect(principalFromSessionUser(null)).toBeNull();
  const session = principalFromSessionUser({ _id: "np-a", type: "nonprofit", orgId: "org-a" });
  expect(can(session, "organization.update", org)).toBe(true);
});
