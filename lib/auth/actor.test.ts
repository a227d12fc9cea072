import { actorFromSession, roleOf } from "./actor";
import type { SessionUser } from "./types";

const donor: SessionUser = {
  type: "individual",
  _id: "u-1",
  email: "ann@example.org",
  firstName: "Ann",
  lastName: "Lee",
  organization_company: "Lee & Co",
  profileImg: "https://example.org/a.png",
  telephone: "555-0100",
  orgId: null,
};

test("the session's wire names map to the actor's (a donor's type 'individual' is the role 'donor')", () => {
  expect(actorFromSession(donor)).toEqual({
    id: "u-1",
    role: "donor",
    organizationId: null,
    email: "ann@example.org",
    firstName: "Ann",
    lastName: "Lee",
    organizationName: "Lee & Co",
    telephone: "555-0100",
  });
});

test("a nonprofit user's orgId becomes organizationId; no session stays null", () => {
  expect(actorFromSession({ ...donor, type: "nonprofit", orgId: "org-9" })).toMatchObject({ role: "nonprofit", organizationId: "org-9" });
  expect(roleOf("admin")).toBe("admin");
  expect(actorFromSession(null)).toBeNull();
  expect(actorFromSession(undefined)).toBeNull();
});
