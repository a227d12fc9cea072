/**
 * Fuzz test of the spec's call list: every call, as an anonymous visitor, a donor and a
 * nonprofit user, with NUL bytes, malformed percent-encoding, 1 MB strings, the longest query
 * the server lets through and wrong types in path parameters, query strings and bodies. No answer may be a 5xx (a 503 only for a payment
 * provider that is not configured), and no message may be one of zod's defaults.
 */
import fs from "node:fs";
import { maxHeaderSize } from "node:http";
import path from "node:path";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { call, type CallOptions } from "@/lib/http/testing";
import { makeDonor, makeNonprofit } from "@/lib/testing/service-fixtures";
import { routeFileOf, specCalls, type SpecCall } from "./spec-calls";

jest.setTimeout(600_000);

const root = path.resolve(__dirname, "../..");
const MB = "x".repeat(1024 * 1024);
/**
 * Node's HTTP server answers 431 to a request whose request line and headers exceed
 * http.maxHeaderSize (16 KiB by default) before the app sees it: the longest query a handler
 * can meet leaves room under that for the path and the headers a browser sends.
 */
const LONGEST_QUERY_VALUE = "x".repeat(maxHeaderSize - 6144);
const NUL = "a\u0000b";
const zodDefault = /^(Invalid input|Invalid option|Too big|Too small|Invalid string|Invalid element|Invalid key|Expected |Required$|Unrecognized key)/;

/** Field names used by the shared schemas and handlers (the keys a fuzzed body sets). */
function schemaKeys(): string[] {
  const files = fs
    .readdirSync(path.join(root, "lib/validations"))
    .map((f) => path.join(root, "lib/validations", f))
    .filter((f) => f.endsWith(".ts") && !f.endsWith(".test.ts") && !f.endsWith("messages.ts") && fs.existsSync(f));
  const keys = new Set<string>();
  for (const f of files) for (const m of fs.readFileSync(f, "utf8").matchAll(/^\s+([A-Za-z_][A-Za-z0-9_]*)\??\s*:\s*(z\.|[a-zA-Z]+(Field|Param|Schema|Text|Date|Cents|Id)\b)/gm)) keys.add(m[1]!);
  return [...keys];
}

const KEYS = schemaKeys();
const TOP = ["_id", "id", "name", "description", "email", "password", "firstName", "lastName", "title", "organizationId", "campaignId", "donationId"];
const withAll = (value: unknown) => Object.fromEntries(KEYS.map((k) => [k, value]));
const QUERY_KEYS = ["search_query", "limit", "currentDisplayRecords", "showAll", "searchEngineCategory", "filters", "duration", "fundraiser", "startDate", "endDate", "eventId", "userId", "donationId", "resetPasswordToken", "token", "year", "format", "cursor", "state", "zipcode"];

type Variant = Omit<CallOptions, "url" | "user" | "method"> & { what: string; path?: string; query?: string };

function variants(c: SpecCall): Variant[] {
  const names = [...c.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  const params = (v: string) => Object.fromEntries(names.map((n) => [n, v]));
  const out: Variant[] = [{ what: "plain", params: params("abc") }];
  if (names.length) {
    out.push({ what: "NUL in path", params: params(NUL) });
    out.push({ what: "malformed encoding in path", params: params("%E0%A4%A") });
    out.push({ what: "lone % in path", params: params("100%") });
    out.push({ what: "8 KB path", params: params("x".repeat(8192)) });
  }
  out.push({ what: "NUL in query", params: params("abc"), query: QUERY_KEYS.map((k) => `${k}=a%00b`).join("&") });
  out.push({ what: "longest query", params: params("abc"), query: `search_query=${LONGEST_QUERY_VALUE}&limit=${LONGEST_QUERY_VALUE.slice(0, 1024)}` });
  out.push({ what: "malformed query", params: params("abc"), query: "search_query=%E0%A4%A&limit=%&filters=%7B" });
  out.push({ what: "wrong-type query", params: params("abc"), query: "limit=-1e999&currentDisplayRecords=NaN&showAll=maybe&filters=[1,2]&startDate=2026-02-31&year=99999" });
  if (c.method !== "GET") {
    const raw = (body: string, type = "application/json") => ({ body, headers: { "content-type": type, "content-length": String(Buffer.byteLength(body)) } });
    out.push({ what: "malformed JSON", params: params("abc"), ...raw("{not json") });
    for (const literal of ["null", "[]", '"text"', "123", "true", "{}"]) out.push({ what: `JSON ${literal}`, params: params("abc"), ...raw(literal) });
    out.push({ what: "text/plain", params: params("abc"), ...raw("{}", "text/plain") });
    out.push({ what: "NUL in every field", params: params("abc"), json: withAll(NUL) });
    out.push({ what: "other control characters", params: params("abc"), json: withAll("a\u0007\u001b[31m\u007f") });
    out.push({ what: "1 MB strings", params: params("abc"), json: { ...withAll("abc"), ...Object.fromEntries(TOP.map((k) => [k, MB])) } });
    for (const [what, value] of [
      ["numbers", 1e308],
      ["negative numbers", -1],
      ["booleans", true],
      ["arrays", [1, "a", null]],
      ["objects", { $ne: null, __proto__: { admin: true } }],
      ["nulls", null],
      ["empty strings", ""],
      ["numeric strings", "12.5e3"],
    ] as const) {
      out.push({ what: `${what} in every field`, params: params("abc"), json: withAll(value) });
    }
  }
  return out;
}

let h: DatabaseHandle;
let actors: [string, Actor | undefined][];
beforeAll(async () => {
  h = await createTestDatabase();
  const donor = await makeDonor("fuzz-donor@example.org");
  const np = await makeNonprofit(h.db, "Fuzz Test Food Shelf");
  actors = [
    ["anonymous", undefined],
    ["donor", donor],
    ["nonprofit", np.user],
  ];
});
afterAll(() => h.close());

describe("fuzzing every call of the spec's list gets no 5xx, whatever the input", () => {
  test.each(specCalls.map((c) => [`${c.method} /api/${c.path}`, c] as const))("%s", async (_name, c) => {
    const mod = (await import(`@/${routeFileOf(c.path)}`)) as Record<string, unknown>;
    const handler = mod[c.method];
    expect(typeof handler).toBe("function");
    const failures: string[] = [];
    // Each variant's JSON body is encoded once, for all three callers.
    const encoded = variants(c).map((v) => (v.json === undefined ? v : { ...v, json: undefined, body: new TextEncoder().encode(JSON.stringify(v.json)), headers: { "content-type": "application/json", ...v.headers } }));
    for (const [who, user] of actors) {
      for (const v of encoded) {
        const urlPath = `/api/${c.path.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(String(v.params?.[n] ?? "abc")).slice(0, 64))}`;
        const res = await call(handler, { method: c.method, url: v.query ? `${urlPath}?${v.query}` : urlPath, user, params: v.params, body: v.body, headers: v.headers });
        const text = await res.text();
        let body: { error?: string; message?: string; fields?: Record<string, string> } = {};
        try {
          body = JSON.parse(text);
        } catch {
          // CSV, PDF or an empty body
        }
        const providerMissing = res.status === 503 && body.error === "unavailable";
        if (res.status >= 500 && !providerMissing) failures.push(`${who} ${v.what}: ${res.status} ${text.slice(0, 120)}`);
        for (const m of [body.message, ...Object.values(body.fields ?? {})]) {
          if (typeof m === "string" && zodDefault.test(m)) failures.push(`${who} ${v.what}: zod default message "${m}"`);
        }
      }
    }
    expect(failures).toEqual([]);
  });

  test("a JSON body to next-auth's sign-in callback is a 4xx, not a 500", async () => {
    const { POST } = await import("@/app/api/(app)/auth/[...nextauth]/route");
    for (const body of ['{"email":"a@b.c","password":"x"}', "{not json", "[]", "null"]) {
      const res = await call(POST, { method: "POST", url: "/api/auth/callback/credentials", params: { nextauth: ["callback", "credentials"] }, body, headers: { "content-type": "application/json", "content-length": String(body.length) } });
      expect(res.status).toBeGreaterThanOrEqual(400);
      expect(res.status).toBeLessThan(500);
    }
    for (const body of ["{not json", "[]", '"x"']) {
      const res = await call(POST, { method: "POST", url: "/api/auth/session", params: { nextauth: ["session"] }, body, headers: { "content-type": "application/json", "content-length": String(body.length) } });
      expect(res.status).toBe(400);
    }
  });
});
