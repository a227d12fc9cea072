import { sessionUserIs } from "./account-type";

test("the session's account type read as the access rule's: a session's individual is a donor", () => {
  expect(sessionUserIs({ type: "individual" }, "donor")).toBe(true);
  expect(sessionUserIs({ type: "individual" }, "nonprofit", "admin")).toBe(false);
  expect(sessionUserIs({ type: "nonprofit" }, "nonprofit")).toBe(true);
  expect(sessionUserIs({ type: "admin" }, "donor", "nonprofit")).toBe(false);
  expect(sessionUserIs(null, "donor", "nonprofit", "admin")).toBe(false);
  expect(sessionUserIs(undefined, "admin")).toBe(false);
});
