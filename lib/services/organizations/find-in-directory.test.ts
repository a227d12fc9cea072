/**
 * Looking organizations up in the IRS directory: by EIN at sign-up (is it there, is it
 * claimed?) and by EIN or name for the Guidestar-style lookup (closest names first).
 */
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { messages } from "@/lib/validations/messages";
import { organizations } from "@/models";
import { escapeLike, findNonprofitByEin, lookupDirectory } from "./find-in-directory";

let h: DatabaseHandle;

beforeAll(async () => {
  h = await createTestDatabase();
  await h.db.insert(organizations).values([
    { name: "Vermont Foodbank", ein: "030277440", city: "Barre", state: "VT", claimed: true },
    { name: "Vermont Food Shelf Network", ein: "030300001", city: "Montpelier", state: "VT" },
    { name: "Burlington Dance Collective", ein: "030300002", city: "Burlington", state: "VT" },
    { name: "Vermont Foodies Pending", ein: "030300003", approvalStatus: "pending" },
    { name: "100% Kids_Club", ein: "030300004", city: "Rutland", state: "VT" },
  ]);
});

afterAll(async () => {
  await h.close();
});

describe("by EIN at sign-up", () => {
  test("a claimed organization exists and is claimed, with its EIN printed; dashes are optional", async () => {
    const r = await findNonprofitByEin({ ein: "03-0277440" });
    expect(r).toMatchObject({ exists: true, claimed: true, organization: { ein: "030277440", einFormatted: "03-0277440", name: "Vermont Foodbank", city: "Barre", state: "VT", claimed: true } });
    expect(await findNonprofitByEin({ ein: "030300001" })).toMatchObject({ exists: true, claimed: false });
  });

  test("an EIN not in the directory does not exist; a malformed one is a bad request with the spec message", async () => {
    expect(await findNonprofitByEin({ ein: "999999999" })).toEqual({ exists: false, claimed: false, organization: null });
    for (const bad of ["12345678", "1234567890", "12-34567-89", "abcdefghi", ""]) {
      await expect(findNonprofitByEin({ ein: bad })).rejects.toMatchObject({ code: "bad_request", message: messages.organization.einInvalid, fields: { ein: messages.organization.einInvalid } });
    }
  });
});

describe("by EIN or name", () => {
  test("an EIN finds exactly its organization, whatever its approval", async () => {
    expect((await lookupDirectory({ query: "03-0300003" })).map((m) => m.name)).toEqual(["Vermont Foodies Pending"]);
  });

  test("a name finds approved organizations, the closest first, never pending ones", async () => {
    const names = (await lookupDirectory({ query: "vermont foodbank" })).map((m) => m.name);
    expect(names[0]).toBe("Vermont Foodbank");
    expect(names).not.toContain("Vermont Foodies Pending");
    expect(names).not.toContain("Burlington Dance Collective");
    expect((await lookupDirectory({ query: "dance" })).map((m) => m.name)).toEqual(["Burlington Dance Collective"]);
  });

  test("LIKE wildcards in the text are matched literally", async () => {
    expect(escapeLike("100%_a\\b")).toBe("100\\%\\_a\\\\b");
    expect((await lookupDirectory({ query: "0% k" })).map((m) => m.name)).toEqual(["100% Kids_Club"]);
    expect(await lookupDirectory({ query: "zz%" })).toEqual([]);
  });

  test("the page holds at most the limit; a query under 2 or over 200 characters is refused", async () => {
    expect(await lookupDirectory({ query: "vermont", limit: 1 })).toHaveLength(1);
    await expect(lookupDirectory({ query: " v " })).rejects.toMatchObject({ code: "bad_request" });
    await expect(lookupDirectory({ query: "v".repeat(201) })).rejects.toMatchObject({ code: "bad_request" });
  });
});
