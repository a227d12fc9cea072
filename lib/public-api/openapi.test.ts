/**
 * The OpenAPI 3.1 document is valid (checked by a maintained validator,
 * @readme/openapi-parser), covers every route folder under app/api/v1, and each route handles
 * the very operation (and so the schemas) the document describes for its path.
 */
import fs from "node:fs";
import path from "node:path";
import { validate, compileErrors } from "@readme/openapi-parser";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { call } from "@/lib/http/testing";
import { apiScopes } from "@/lib/validations/api-keys";
import { GET as openApiRoute } from "@/app/api/v1/openapi.json/route";
import { API_LICENSE_NAME, generateOpenApiDocument, openApiDocument, SECURITY_SCHEME } from "./openapi";
import { sentWebhookTypes } from "./webhooks";
import { operations } from "./operations";

const root = path.resolve(__dirname, "../..");
const v1 = path.join(root, "app/api/v1");
/** The catch-all that answers unknown calls with a 404 problem: not a call of the API. */
const CATCH_ALL = "[...path]";

/** Every route.ts under app/api/v1 as its OpenAPI path ("donations/[id]" -> "/donations/{id}") and file. */
function routeFolders(): { path: string; file: string }[] {
  const found: { path: string; file: string }[] = [];
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) walk(path.join(dir, entry.name));
      else if (entry.name === "route.ts") {
        const rel = path.relative(v1, dir).split(path.sep);
        // The catch-all and the version's root answer "no such call"; they document no operation.
        if (rel[0] === CATCH_ALL || dir === v1) continue;
        found.push({ path: `/${rel.map((s) => s.replace(/^\[(\w+)\]$/, "{$1}")).join("/")}`, file: path.join(dir, entry.name) });
      }
    }
  };
  walk(v1);
  return found;
}

type Doc = ReturnType<typeof generateOpenApiDocument>;
const doc: Doc = generateOpenApiDocument("http://localhost:3000/api/v1");

describe("the OpenAPI document", () => {
  test("is a valid OpenAPI 3.1 document", async () => {
    expect(doc.openapi).toBe("3.1.0");
    const result = await validate(structuredClone(doc) as never);
    if (!result.valid) throw new Error(compileErrors(result));
    expect(result.valid).toBe(true);
    expect(result.warnings).toEqual([]);
  });

  test("covers every route folder in app/api/v1, and nothing else", () => {
    const folders = routeFolders().map((f) => f.path).sort();
    expect(folders.length).toBeGreaterThanOrEqual(13);
    expect(Object.keys(doc.paths ?? {}).sort()).toEqual(folders);
  });

  test("each route handles the operation documented for its path", () => {
    const byName = operations as Record<string, { path: string }>;
    for (const { path: apiPath, file } of routeFolders()) {
      const used = [...fs.readFileSync(file, "utf8").matchAll(/operations\.(\w+)/g)].map((m) => m[1]!);
      expect({ file: path.relative(root, file), operations: [...new Set(used)].map((n) => byName[n]?.path) }).toEqual({ file: path.relative(root, file), operations: [apiPath] });
      expect(fs.readFileSync(file, "utf8")).toMatch(/^\/\/ GET \/api\/v1\//);
    }
  });

  test("states the security scheme, the scopes, the RateLimit headers and problem-details errors", () => {
    expect(doc.components?.securitySchemes?.[SECURITY_SCHEME]).toMatchObject({ type: "http", scheme: "bearer" });
    for (const name of ["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset", "Retry-After"]) expect(doc.components?.headers).toHaveProperty(name);
    expect(doc.components?.schemas).toHaveProperty("Problem");
    for (const [apiPath, item] of Object.entries(doc.paths ?? {})) {
      const op = item.get!;
      const responses = op.responses as Record<string, { headers?: Record<string, unknown>; content?: Record<string, { schema: unknown }> }>;
      expect(Object.keys(responses["200"]!.headers ?? {})).toEqual(["RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]);
      for (const status of ["401", "429", "500"]) {
        expect({ apiPath, status, content: responses[status]?.content?.["application/problem+json"]?.schema }).toEqual({ apiPath, status, content: { $ref: "#/components/schemas/Problem" } });
      }
      expect(responses["429"]!.headers).toHaveProperty("Retry-After");
      // The directory search may turn a call away while too many searches wait (lib/search/admission.ts).
      if (apiPath === "/organizations") expect(responses["503"]!.headers).toHaveProperty("Retry-After");
      else expect(responses).not.toHaveProperty("503");
      const security = op.security as Record<string, string[]>[];
      const scoped = Object.values(operations).find((o) => o.path === apiPath)!;
      if (scoped.access === "public") expect(security).toEqual([{}, { [SECURITY_SCHEME]: [] }]);
      else {
        expect(apiScopes).toContain(scoped.access);
        expect(security).toEqual([{ [SECURITY_SCHEME]: [scoped.access] }]);
        expect(responses).toHaveProperty("403");
      }
    }
    expect(doc.info.description).toContain("read:payouts");
    expect(JSON.stringify(doc.paths?.["/payouts"])).toContain("settled");
  });
});

describe("the webhooks and the licence (Redocly's security-defined and info-license rules)", () => {
  test("every webhook operation states its own security: no scheme, with the signature described", () => {
    const webhooks = (doc.webhooks ?? {}) as Record<string, { post?: { security?: unknown; description?: string; parameters?: { name: string; in: string }[] } }>;
    expect(Object.keys(webhooks).sort()).toEqual([...sentWebhookTypes].sort());
    for (const [type, item] of Object.entries(webhooks)) {
      expect({ type, security: item.post?.security }).toEqual({ type, security: [] });
      expect(item.post?.description).toContain("webhook-signature");
      expect(item.post?.parameters?.filter((p) => p.in === "header").map((p) => p.name)).toEqual(expect.arrayContaining(["webhook-id", "webhook-timestamp", "webhook-signature"]));
    }
  });

  test("the info names the project's licence (package.json) with a url", () => {
    const pkg = JSON.parse(fs.readFileSync(path.join(root, "package.json"), "utf8")) as { license?: string };
    expect(pkg.license).toBe("UNLICENSED");
    expect(doc.info.license).toEqual({ name: API_LICENSE_NAME, url: "http://localhost:3000/terms" });
    expect(API_LICENSE_NAME.startsWith(pkg.license!)).toBe(true);
  });
});

describe("GET /api/v1/openapi.json", () => {
  let h: DatabaseHandle;
  beforeAll(async () => {
    h = await createTestDatabase();
  }, 120_000);
  afterAll(() => h.close());

  test("serves this site's document", async () => {
    const res = await call(openApiRoute, { url: "/api/v1/openapi.json" });
    expect(res.status).toBe(200);
    expect(res.headers.get("ratelimit-limit")).toBeTruthy();
    const body = await res.json();
    expect(body).toEqual(JSON.parse(JSON.stringify(openApiDocument())));
    expect(body.servers[0].url).toMatch(/\/api\/v1$/);
  });
});
