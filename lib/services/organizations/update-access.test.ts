import { isUniqueViolation } from "./update-access";

test("a Postgres unique violation (23505) is recognised on the error or on its cause, and nothing else is", () => {
  expect(isUniqueViolation({ code: "23505" })).toBe(true);
  expect(isUniqueViolation(Object.assign(new Error("Failed query"), { cause: { code: "23505" } }))).toBe(true);
  expect(isUniqueViolation({ code: "23503" })).toBe(false);
  expect(isUniqueViolation(new Error("duplicate key"))).toBe(false);
  expect(isUniqueViolation(null)).toBe(false);
  expect(isUniqueViolation(undefined)).toBe(false);
});
