/** Outside a donation a nonprofit sees a donor's name and email only when the donor shares them by default. */
import { sharedIdentity, withSharedIdentity } from "./donor-privacy";

const ada = { firstName: "Ada", lastName: "Lovelace", email: "ada@example.org" };

test("name and email each only when shared", () => {
  expect(sharedIdentity({ ...ada, shareName: true, shareEmail: true })).toEqual({ donorName: "Ada Lovelace", donorEmail: "ada@example.org" });
  expect(sharedIdentity({ ...ada, shareName: true, shareEmail: false })).toEqual({ donorName: "Ada Lovelace", donorEmail: null });
  expect(sharedIdentity({ ...ada, shareName: false, shareEmail: true })).toEqual({ donorName: null, donorEmail: "ada@example.org" });
  expect(sharedIdentity({ ...ada, shareName: null, shareEmail: null })).toEqual({ donorName: null, donorEmail: null });
});

test("a shared but empty name is no name", () => {
  expect(sharedIdentity({ firstName: null, lastName: " ", email: null, shareName: true, shareEmail: true })).toEqual({ donorName: null, donorEmail: null });
  expect(sharedIdentity({ firstName: "Ada", lastName: null, email: null, shareName: true, shareEmail: false }).donorName).toBe("Ada");
});

test("rows keep their other columns and lose the raw identity columns", () => {
  const rows = withSharedIdentity([{ id: "h1", hours: 3, ...ada, shareName: false, shareEmail: false }]);
  expect(rows).toEqual([{ id: "h1", hours: 3, donorName: null, donorEmail: null }]);
  expect(Object.keys(rows[0]!)).not.toEqual(expect.arrayContaining(["firstName"]));
  expect(JSON.stringify(rows)).not.toContain("ada@example.org");
  expect(JSON.stringify(rows)).not.toContain("Lovelace");
});
