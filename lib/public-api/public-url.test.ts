/**
 * The public address (PUBLIC_URL, else NEXTAUTH_URL) names the site everywhere a visitor or a
 * client follows a link: the API's `servers` and problem types, pages' canonical URL, og:url
 * and og:image. In production the server refuses to start without one.
 */
import { spawnSync } from "node:child_process";
import path from "node:path";
import { publicPageMetadata } from "@/components/share/page-metadata";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { assertPublicUrl, baseUrl, childProcessEnv, serverEnv, setEnvForTests } from "@/lib/env";
import { call } from "@/lib/http/testing";
import { GET as openApiRoute } from "@/app/api/v1/openapi.json/route";
import { GET as unknownRoute } from "@/app/api/v1/[...path]/route";

jest.setTimeout(120_000);

const root = path.resolve(__dirname, "../..");
const SITE = "https://give.example.org";
let saved: Record<string, string | undefined>;
let h: DatabaseHandle;

beforeAll(async () => {
  const env = serverEnv();
  saved = { PUBLIC_URL: env.PUBLIC_URL, NEXTAUTH_URL: env.NEXTAUTH_URL, NODE_ENV: env.NODE_ENV };
  h = await createTestDatabase();
});

afterEach(() => setEnvForTests(saved));
afterAll(() => h.close());

describe("the public address", () => {
  test("PUBLIC_URL comes first, then NEXTAUTH_URL, without a trailing slash", () => {
    setEnvForTests({ PUBLIC_URL: `${SITE}/`, NEXTAUTH_URL: "http://localhost:3939" });
    expect(baseUrl()).toBe(SITE);
    setEnvForTests({ PUBLIC_URL: undefined, NEXTAUTH_URL: "https://auth.example.org" });
    expect(baseUrl()).toBe("https://auth.example.org");
  });

  test("the API's servers and problem types name it", async () => {
    setEnvForTests({ PUBLIC_URL: SITE, NEXTAUTH_URL: "http://localhost:3939" });
    const doc = await (await call(openApiRoute, { url: "/api/v1/openapi.json" })).json();
    expect(doc.servers).toEqual([{ url: `${SITE}/api/v1`, description: expect.any(String) }]);
    expect(JSON.stringify(doc)).not.toContain("localhost");
    const problem = await (await call(unknownRoute, { url: "/api/v1/nope", params: { path: ["nope"] } })).json();
    expect(problem.type).toBe(`${SITE}/developers#problem-not-found`);
  });

  test("pages' canonical URL, og:url and og:image name it", () => {
    setEnvForTests({ PUBLIC_URL: SITE, NEXTAUTH_URL: "http://localhost:3939" });
    const meta = publicPageMetadata({ title: "Developers", description: "API", path: "/developers" });
    expect(meta.alternates?.canonical).toBe(`${SITE}/developers`);
    expect(meta.openGraph).toMatchObject({ url: `${SITE}/developers`, images: [expect.objectContaining({ url: `${SITE}/opengraph-image` })] });
    expect(String(meta.metadataBase)).toBe(`${SITE}/`);
  });

  test("production without PUBLIC_URL or NEXTAUTH_URL is refused with a message naming PUBLIC_URL", () => {
    setEnvForTests({ NODE_ENV: "production", PUBLIC_URL: undefined, NEXTAUTH_URL: undefined });
    expect(() => assertPublicUrl()).toThrow(/PUBLIC_URL is not set/);
    setEnvForTests({ NODE_ENV: "production", PUBLIC_URL: SITE });
    expect(() => assertPublicUrl()).not.toThrow();
    setEnvForTests({ NODE_ENV: "test", PUBLIC_URL: undefined, NEXTAUTH_URL: undefined });
    expect(() => assertPublicUrl()).not.toThrow();
  });

  test("the production server stops at start, saying to set PUBLIC_URL", () => {
    const run = spawnSync(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join(root, "scripts", "server.ts")], {
      cwd: root,
      env: childProcessEnv({ NODE_ENV: "production", PUBLIC_URL: undefined, NEXTAUTH_URL: undefined, NODE_OPTIONS: undefined, PORT: "39391" }),
      encoding: "utf8",
      timeout: 60_000,
    });
    expect(run.status).toBe(1);
    expect(run.stderr).toContain("PUBLIC_URL is not set");
  });
});
