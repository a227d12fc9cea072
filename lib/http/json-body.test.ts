import fs from "node:fs";
import path from "node:path";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { call } from "@/lib/http/testing";
import { makeDonor, makeNonprofit, testAdmin } from "@/lib/testing/service-fixtures";
import { messages } from "@/lib/validations/messages";
import { POST as register } from "@/app/api/(spec)/register/[type]/route";
import { jsonDepth, MAX_JSON_BODY_BYTES, MAX_JSON_DEPTH, parseJsonText } from "./json-body";

let h: DatabaseHandle;
let actors: Record<string, Actor>;
let made = 0;
/** Fresh signed-in callers: a handler in the loop below may end its caller's sessions (sign out everywhere). */
async function makeActors(): Promise<void> {
  made++;
  const donor = await makeDonor(`deep-json-${made}@example.org`);
  const np = await makeNonprofit(h.db, `Deep Json Food Bank ${made}`);
  actors = { user: donor, donor, nonprofit: np.user, admin: testAdmin };
}
beforeAll(async () => {
  h = await createTestDatabase();
  await makeActors();
});
afterAll(() => h.close());

const nested = (depth: number) => "[".repeat(depth) + "]".repeat(depth);

describe("jsonDepth counts nesting in one pass, ignoring brackets in strings", () => {
  test.each([
    ["1", 0],
    ["[]", 1],
    ['{"a":[{"b":[]}]}', 4],
    ['{"a":"[[[[[[\\"[[["}', 1],
    [nested(10), 10],
  ])("%s has depth %d", (text, depth) => {
    expect(jsonDepth(text)).toBe(depth);
  });

  test("stops past the limit, whatever the length", () => {
    expect(jsonDepth(nested(1_000_000), MAX_JSON_DEPTH)).toBe(MAX_JSON_DEPTH + 1);
  });

  test("parseJsonText accepts the limit and refuses one level more with the plain message", () => {
    expect(parseJsonText(nested(MAX_JSON_DEPTH))).toBeInstanceOf(Array);
    expect(() => parseJsonText(nested(MAX_JSON_DEPTH + 1))).toThrow(messages.request.bodyTooDeep);
  });
});

describe("a JSON body is capped in depth and size before anything walks it", () => {
  test("5,000 nested arrays in a handler's body answer 400 with the plain message", async () => {
    const res = await call(register, { method: "POST", url: "/api/register/individual", params: { type: "individual" }, body: nested(5000), headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(messages.request.bodyTooDeep);
  });

  test("deep nesting inside an object answers 400 too", async () => {
    const body = `{"firstName":${nested(5000)}}`;
    const res = await call(register, { method: "POST", url: "/api/register/individual", params: { type: "individual" }, body, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(400);
  });

  test("a body over the size limit answers 413 without being parsed", async () => {
    const body = JSON.stringify({ firstName: "x".repeat(MAX_JSON_BODY_BYTES) });
    const res = await call(register, { method: "POST", url: "/api/register/individual", params: { type: "individual" }, body, headers: { "content-type": "application/json" } });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe(messages.request.bodyTooLarge);
  });
});

describe("every route handler that reads a body answers 5,000 nested arrays with 400, never 500", () => {
  const root = path.resolve(__dirname, "../..");
  const files = (dir: string): string[] =>
    fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => (e.isDirectory() ? files(path.join(dir, e.name)) : e.name === "route.ts" ? [path.join(dir, e.name)] : []));
  const routeFiles = files(path.join(root, "app/api")).map((f) => path.relative(root, f));

  test("signed in as the route's caller, with a plausible path", async () => {
    const failures: string[] = [];
    let refused = 0;
    for (const file of routeFiles) {
      const mod = (await import(`@/${file}`)) as Record<string, { routeOptions?: { auth?: string; body?: string } }>;
      for (const method of ["POST", "PUT", "PATCH", "DELETE"]) {
        const handler = mod[method];
        if (!handler) continue;
        const kind = handler.routeOptions?.body ?? "json";
        if (kind !== "json" && kind !== "form-or-json") continue;
        const names = [...file.matchAll(/\[(?:\.\.\.)?(\w+)\]/g)].map((m) => m[1]!);
        const params = Object.fromEntries(names.map((n) => [n, n === "nextauth" ? ["session"] : n === "type" ? (file.includes("/register/[type]/") ? "individual" : "nonprofit") : "abc123"]));
        const auth = handler.routeOptions?.auth;
        const url = `/${file.replace(/^app\//, "").replace(/\/route\.ts$/, "")}`;
        const send = () => call(handler, { method, url, params, body: nested(5000), headers: { "content-type": "application/json" }, user: auth ? actors[auth] : undefined });
        let res = await send();
        if (res.status === 401 && auth) {
          await makeActors();
          res = await send();
        }
        const json = (await res.json().catch(() => ({}))) as { message?: string };
        if (res.status === 400 && json.message === messages.request.bodyTooDeep) refused++;
        // A handler that reads no body may answer anything but an error of the server, or a 400
        // of its own (which would mean the body was walked); a provider not configured here is 503.
        else if ((res.status >= 500 && res.status !== 503) || res.status === 400) {
          failures.push(`${method} ${file}: ${res.status} ${JSON.stringify(json).slice(0, 120)}`);
        }
      }
    }
    expect(refused).toBeGreaterThanOrEqual(46);
    expect(failures).toEqual([]);
  }, 120_000);
});
