import fs from "node:fs";
import path from "node:path";
import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { isEmbeddablePath } from "./embeddable";

const run = async (p: string, headers: Record<string, string> = {}) => proxy(new NextRequest(new URL(p, "http://localhost:3000"), { headers }));
const frameAncestors = (csp: string | null) => (csp ?? "").split(";").map((d) => d.trim()).find((d) => d.startsWith("frame-ancestors ")) ?? "";

/** Every page and route handler of app/, as a path a request could take ([param] -> "x", route groups dropped). */
function appPaths(): string[] {
  const root = path.join(process.cwd(), "app");
  const found: string[] = [];
  const walk = (dir: string, segments: string[]) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        const name = entry.name;
        if (name.startsWith("_") || name.startsWith("@")) continue;
        const segment = /^\(.*\)$/.test(name) ? null : name.startsWith("[[...") ? "" : name.startsWith("[...") ? "x/y" : name.startsWith("[") ? "x" : name;
        walk(path.join(dir, name), segment === null || segment === "" ? segments : [...segments, segment]);
      } else if (/^(page|route)\.tsx?$/.test(entry.name)) {
        found.push(`/${segments.join("/")}`);
      }
    }
  };
  walk(root, []);
  return [...new Set(found)].sort();
}

describe("only the embeddable donate form may be framed (lib/http/embeddable.ts)", () => {
  const paths = appPaths();

  test("the sweep sees the app's routes, the embed pages among them", () => {
    expect(paths.length).toBeGreaterThan(100);
    expect(paths).toEqual(expect.arrayContaining(["/", "/dashboard", "/donation/x/x", "/embed/donate/x", "/embed/thankyou", "/embed/complete"]));
  });

  test("every /embed/ route allows any site to frame it, without X-Frame-Options", async () => {
    const embeds = paths.filter((p) => p.startsWith("/embed/"));
    expect(embeds.length).toBeGreaterThanOrEqual(3);
    for (const p of [...embeds, "/embed/donate/x/y"]) {
      const h = (await run(p)).headers;
      expect([p, frameAncestors(h.get("content-security-policy"))]).toEqual([p, "frame-ancestors *"]);
      expect([p, h.get("x-frame-options")]).toEqual([p, null]);
    }
  });

  test("every other route, pages and API alike, refuses framing", async () => {
    const others = [...paths.filter((p) => !p.startsWith("/embed/")), "/embed.js", "/embedded", "/embed-donate/x", "/Embed/donate/x", "/api/embed/donate"];
    for (const p of others) {
      const h = (await run(p)).headers;
      expect([p, frameAncestors(h.get("content-security-policy"))]).toEqual([p, "frame-ancestors 'none'"]);
      expect([p, h.get("x-frame-options")]).toEqual([p, "DENY"]);
    }
  });

  test("the prefix matches path segments, not look-alikes", () => {
    expect(isEmbeddablePath("/embed/donate/abc")).toBe(true);
    expect(isEmbeddablePath("/embedded")).toBe(false);
    expect(isEmbeddablePath("/embed.js")).toBe(false);
    expect(isEmbeddablePath("/x/embed/donate")).toBe(false);
  });
});
