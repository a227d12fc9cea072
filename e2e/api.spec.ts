import { expect } from "@playwright/test";
import { PASSWORD, uniqueEmail, test } from "./fixtures";

/** The foundation's calls over real HTTP: bad input gets a clear 4xx, never a 500. */
test.describe("foundation API", () => {
  test("find/nonprofitExists: known, unknown and malformed EINs", async ({ request }) => {
    const known = await request.get("/api/find/nonprofitExists/030185556");
    expect(known.status()).toBe(200);
    expect(await known.json()).toMatchObject({ exists: true, organization: { ein: "030185556", einFormatted: "03-0185556" } });

    const unknown = await request.get("/api/find/nonprofitExists/999999999");
    expect(unknown.status()).toBe(200);
    expect(await unknown.json()).toEqual({ exists: false, claimed: false, organization: null });

    for (const bad of ["12345", "abcdefghi", "%27%3B--", "1".repeat(300)]) {
      const res = await request.get(`/api/find/nonprofitExists/${bad}`);
      expect(res.status()).toBe(400);
      expect((await res.json()).message).toBe("An EIN has 9 digits, for example 12-3456789.");
    }
  });

  test("register: validation messages, duplicate email 409, unknown type 404", async ({ request }) => {
    const email = uniqueEmail("api");
    const body = { firstName: "Api", lastName: "User", email, password: PASSWORD };
    const created = await request.post("/api/register/individual", { data: body });
    expect(created.status()).toBe(201);
    const { user } = await created.json();
    expect(user).toMatchObject({ type: "individual", email, firstName: "Api" });
    expect(JSON.stringify(user)).not.toMatch(/argon2|password/i);

    const dup = await request.post("/api/register/individual", { data: { ...body, email: email.toUpperCase() } });
    expect(dup.status()).toBe(409);
    expect((await dup.json()).message).toBe("An account with this email already exists. Log in or use another email.");

    const weak = await request.post("/api/register/individual", { data: { ...body, email: uniqueEmail("weak"), password: "short" } });
    expect(weak.status()).toBe(400);
    expect((await weak.json()).fields.password).toBe("Password too short");

    const notJson = await request.post("/api/register/individual", { data: "{oops", headers: { "content-type": "application/json" } });
    expect(notJson.status()).toBe(400);

    const badType = await request.post("/api/register/admin", { data: body });
    expect(badType.status()).toBe(404);

    const badEin = await request.post("/api/register/nonprofit", { data: { ...body, email: uniqueEmail("np"), ein: "000000001" } });
    expect(badEin.status()).toBe(404);
  });

  test("authenticate: one generic message for a wrong password and an unknown email", async ({ request }) => {
    const email = uniqueEmail("auth");
    await request.post("/api/register/individual", { data: { firstName: "Au", lastName: "Th", email, password: PASSWORD } });
    const ok = await request.post("/api/authenticate", { data: { email, password: PASSWORD } });
    expect(ok.status()).toBe(200);
    const wrong = await request.post("/api/authenticate", { data: { email, password: "Wrong-password-1" } });
    const unknown = await request.post("/api/authenticate", { data: { email: uniqueEmail("ghost"), password: "Wrong-password-1" } });
    expect(wrong.status()).toBe(401);
    expect(unknown.status()).toBe(401);
    expect((await wrong.json()).message).toBe((await unknown.json()).message);
  });

  test("check, checkGuidestar, find/nonprofit and the guarded calls", async ({ request }) => {
    expect((await (await request.get(`/api/check/${uniqueEmail("free")}`)).json()).available).toBe(true);
    expect((await request.get("/api/check/not-an-email")).status()).toBe(400);

    const lookup = await request.get("/api/checkGuidestar/randolph%20area%20food%20shelf");
    expect(lookup.status()).toBe(200);
    const { organizations } = await lookup.json();
    // The sign-up lookup by name shows the IRS legal name; profiles show it in title case.
    expect(organizations[0].name).toBe("RANDOLPH AREA FOOD SHELF");

    const profile = await request.get(`/api/find/nonprofit/${organizations[0]._id}`);
    expect(profile.status()).toBe(200);
    expect((await profile.json()).nonprofit).toMatchObject({ name: "Randolph Area Food Shelf", legalName: "RANDOLPH AREA FOOD SHELF", taxDeductible: true });
    expect((await request.get("/api/find/nonprofit/does-not-exist")).status()).toBe(404);

    expect((await request.get("/api/getNonprofit")).status()).toBe(401);
    const pw = await request.put("/api/update/password", { data: { userId: "x", currentPassword: "a", password: "Newpassword1" } });
    expect(pw.status()).toBe(401);
  });
});
