import fs from "node:fs";
import path from "node:path";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { call } from "@/lib/http/testing";
import { makeDonor } from "@/lib/testing/service-fixtures";
import { messages } from "@/lib/validations/messages";
import { users } from "@/models";
import { PUT as updateUser } from "@/app/api/(spec)/update/user/route";
import { POST as register } from "@/app/api/(spec)/register/[type]/route";
import { GET as searchNonprofit } from "@/app/api/(spec)/search/nonprofit/route";
import { PUT as updateSocial } from "@/app/api/(spec)/updateNPSocialMedias/route";
import { POST as sandboxWebhook } from "@/app/api/(providers)/webhooks/sandbox/route";
import * as paypalDetail from "@/app/api/(spec)/getPaypalPartnerDetail/route";
import * as nonprofitEmail from "@/app/api/(spec)/sendNonprofitOrganizationDonationEmail/route";
import * as platformEmail from "@/app/api/(spec)/sendGivebridgeOrganizationDonationEmail/route";
import { GET as checkEmail } from "@/app/api/(spec)/check/[email]/route";
import { GET as nonprofitEvents } from "@/app/api/(spec)/find/nonprofit/events/[id]/route";

let h: DatabaseHandle;
let donor: Actor;
beforeAll(async () => {
  h = await createTestDatabase();
  donor = await makeDonor("route-layer@example.org");
});
afterAll(() => h.close());

const firstName = async () => (await h.db.select({ v: users.firstName }).from(users).where(eq(users.id, donor.id)))[0]!.v;
const profile = (name: string) => ({ _id: donor.id, firstName: name, lastName: "Donor" });

describe("CSRF: cookie-authenticated writes come from the app's own origin, as JSON", () => {
  test("a foreign Origin is refused and nothing changes", async () => {
    const res = await call(updateUser, { method: "PUT", url: "/api/update/user", user: donor, json: profile("Mallory"), headers: { origin: "https://evil.example", "sec-fetch-site": "cross-site" } });
    expect(res.status).toBe(403);
    expect((await res.json()).message).toBe(messages.request.crossSite);
    expect(await firstName()).toBe("Dana");
  });

  test("Sec-Fetch-Site cross-site or same-site without an Origin is refused; an opaque origin too", async () => {
    const cases: Record<string, string>[] = [{ origin: "", "sec-fetch-site": "cross-site" }, { origin: "", "sec-fetch-site": "same-site" }, { origin: "null" }];
    for (const headers of cases) {
      const res = await call(updateUser, { method: "PUT", url: "/api/update/user", user: donor, json: profile("Mallory"), headers });
      expect(res.status).toBe(403);
    }
    expect(await firstName()).toBe("Dana");
  });

  test("a text/plain (or untyped) body is refused with 415 even from the app's origin", async () => {
    for (const type of ["text/plain", "application/x-www-form-urlencoded", "multipart/form-data; boundary=x"]) {
      const res = await call(updateUser, { method: "PUT", url: "/api/update/user", user: donor, body: JSON.stringify(profile("Mallory")), headers: { "content-type": type } });
      expect(res.status).toBe(415);
      expect((await res.json()).message).toBe(messages.request.jsonRequired);
    }
    const raw = JSON.stringify(profile("Mallory"));
    const untyped = await call(updateUser, { method: "PUT", url: "/api/update/user", user: donor, body: raw, headers: { "content-length": String(raw.length) } });
    expect(untyped.status).toBe(415);
    expect(await firstName()).toBe("Dana");
  });

  test("the app's own page, and a client that is not a browser, still write", async () => {
    const res = await call(updateUser, { method: "PUT", url: "/api/update/user", user: donor, json: profile("Danielle") });
    expect(res.status).toBe(200);
    expect(await firstName()).toBe("Danielle");
    const api = await call(updateUser, { method: "PUT", url: "/api/update/user", user: donor, json: profile("Dana"), headers: { origin: "", "sec-fetch-site": "" } });
    expect(api.status).toBe(200);
    expect(await firstName()).toBe("Dana");
  });

  test("a provider webhook (no cookie, signature-verified) is not subject to the origin check", async () => {
    const res = await call(sandboxWebhook, { method: "POST", url: "/api/webhooks/sandbox", json: { id: "evt_1" }, headers: { origin: "https://sandbox.example" } });
    expect(res.status).not.toBe(403);
    expect(res.status).toBeLessThan(500);
  });

  test("no state change on GET: the PayPal merchant id and the donation emails are POST only", () => {
    expect("GET" in paypalDetail).toBe(false);
    expect(typeof paypalDetail.POST).toBe("function");
    expect("GET" in nonprofitEmail).toBe(false);
    expect("GET" in platformEmail).toBe(false);
  });
});

describe("signed-in routes answer an anonymous caller 401 before reading the input", () => {
  test.each([
    ["garbage JSON", "{not json"],
    ["a wrong shape", JSON.stringify({ firstName: 5 })],
    ["text/plain", "x"],
  ])("PUT /api/update/user with %s", async (_what, body) => {
    const res = await call(updateUser, { method: "PUT", url: "/api/update/user", body, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(401);
    const json = await res.json();
    expect(json.message).toBe(messages.auth.signInRequired);
    expect(json.fields).toBeUndefined();
  });
});

describe("every route that declares a signed-in caller answers anonymous 401 before its input", () => {
  const root = path.resolve(__dirname, "../..");
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name === "route.ts" ? [path.join(dir, e.name)] : []));
  const routeFiles = files(path.join(root, "app/api")).map((f) => path.relative(root, f));

  test("the handlers that need a session declare it (at least the 48 that parsed first)", async () => {
    let declared = 0;
    for (const file of routeFiles) {
      const mod = (await import(`@/${file}`)) as Record<string, { routeOptions?: { auth?: string } }>;
      for (const method of ["GET", "POST", "PUT", "DELETE"]) if (mod[method]?.routeOptions?.auth) declared++;
    }
    expect(declared).toBeGreaterThanOrEqual(60);
  });

  test("anonymous, with garbage input of the wrong type, every one of them answers 401 and describes nothing", async () => {
    const failures: string[] = [];
    for (const file of routeFiles) {
      const mod = (await import(`@/${file}`)) as Record<string, { routeOptions?: { auth?: string } }>;
      for (const method of ["GET", "POST", "PUT", "DELETE"]) {
        const handler = mod[method];
        if (!handler?.routeOptions?.auth) continue;
        const names = [...file.matchAll(/\[(\w+)\]/g)].map((m) => m[1]!);
        const params = Object.fromEntries(names.map((n) => [n, "\u0000%zz"]));
        const body = method === "GET" ? undefined : "{garbage";
        const res = await call(handler, { method, url: "/api/x?limit=%00&duration=nope", params, body, headers: body ? { "content-type": "text/plain", "content-length": "8" } : {} });
        const json = await res.json().catch(() => ({}));
        if (res.status !== 401 || json.fields) failures.push(`${method} ${file}: ${res.status} ${JSON.stringify(json).slice(0, 100)}`);
      }
    }
    expect(failures).toEqual([]);
  });
});

describe("control characters and malformed encoding get 4xx with the field's message", () => {
  test("a NUL byte in a JSON text field", async () => {
    const res = await call(register, {
      method: "POST",
      url: "/api/register/individual",
      params: { type: "individual" },
      json: { firstName: "Ann\u0000", lastName: "Lee", email: "ann-nul@example.org", password: "secret-pass-1", organization_company: "" },
    });
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.message).toBe(messages.fields.controlCharacters("First name"));
    expect(body.fields).toEqual({ firstName: messages.fields.controlCharacters("First name") });
    expect(await h.db.select().from(users).where(eq(users.email, "ann-nul@example.org"))).toHaveLength(0);
  });

  test("a NUL byte in a search query", async () => {
    const res = await call(searchNonprofit, { url: "/api/search/nonprofit?search_query=food%00bank" });
    expect(res.status).toBe(400);
    expect((await res.json()).fields).toEqual({ search_query: messages.fields.controlCharacters("Search query") });
  });

  test("line breaks stay allowed in free text; other control characters do not", async () => {
    const ok = await call(updateUser, { method: "PUT", url: "/api/update/user", user: donor, json: { ...profile("Dana"), organization_company: "Line one\nLine two" } });
    expect(ok.status).toBe(200);
    const bell = await call(updateUser, { method: "PUT", url: "/api/update/user", user: donor, json: { ...profile("Dana\u0007") } });
    expect(bell.status).toBe(400);
  });

  test("path parameters are decoded once: '%25' and malformed escapes are not a 500", async () => {
    // Next hands the handler a decoded parameter; "100%" must not be decoded again.
    const pct = await call(checkEmail, { url: "/api/check/100%25@example.org", params: { email: "100%@example.org" } });
    expect(pct.status).toBeLessThan(500);
    // A value that looks like a broken escape is only a value here (the proxy answers a malformed path 400).
    const broken = await call(nonprofitEvents, { url: "/api/find/nonprofit/events/x", params: { id: "%E0%A4%A" } });
    expect(broken.status).toBeLessThan(500);
    const nul = await call(nonprofitEvents, { url: "/api/find/nonprofit/events/a%00b", params: { id: "a\u0000b" } });
    expect(nul.status).toBe(400);
    expect((await nul.json()).message).toBe(messages.fields.controlCharacters("ID"));
  });
});

describe("field errors read as sentences about the field, never zod's defaults", () => {
  const zodDefault = /^(Invalid input|Invalid option|Too big|Too small|Invalid string|Expected|Required$|Unrecognized key)/;

  test("wrong types, missing fields and over-long values on a signed-in route", async () => {
    const bodies: unknown[] = [
      {},
      { _id: 5, firstName: ["x"], lastName: null },
      { ...profile("Dana"), organization_company: "x".repeat(5000) },
      { ...profile("Dana"), demographic: { gender: "robot", age: 9 } },
      { ...profile("Dana"), ShareMyPrivateInfo: { name: "yes" } },
    ];
    for (const json of bodies) {
      const res = await call(updateUser, { method: "PUT", url: "/api/update/user", user: donor, json });
      expect(res.status).toBe(400);
      const body = await res.json();
      for (const message of [body.message, ...Object.values(body.fields ?? {})] as string[]) {
        expect(message).not.toMatch(zodDefault);
        expect(message).toMatch(/\.$|[!a-z]$/);
      }
    }
    const long = await (await call(updateUser, { method: "PUT", url: "/api/update/user", user: donor, json: { ...profile("Dana"), organization_company: "x".repeat(5000) } })).json();
    expect(long.fields.organization_company).toBe(messages.fields.tooLong("Organization company", 120));
  });

  test("an anonymous route's schema without its own messages", async () => {
    const res = await call(updateSocial, { method: "PUT", url: "/api/updateNPSocialMedias", user: donor, json: { facebook: 5 } });
    expect(res.status).toBeGreaterThanOrEqual(400);
    expect(res.status).toBeLessThan(500);
    expect((await res.json()).message).not.toMatch(zodDefault);
  });
});
