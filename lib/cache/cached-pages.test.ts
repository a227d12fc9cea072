import { NextRequest } from "next/server";
import { proxy } from "@/proxy";
import { hasSessionCookie, SIGNED_IN_HINT_COOKIE } from "@/lib/auth/session-cookie";
import { isCachedPublicPage, isInternalPath, MAX_SEARCH_KEY_LENGTH, searchFromResultsKey, searchResultsPath } from "./cached-pages";
import { visitorViewTarget } from "./visitor-views";

const run = (p: string, headers: Record<string, string> = {}) => proxy(new NextRequest(new URL(p, "http://localhost:3000"), { headers }));
const scriptSrc = (res: Response) =>
  (res.headers.get("content-security-policy") ?? "").split(";").map((d) => d.trim()).find((d) => d.startsWith("script-src ")) ?? "";

describe("which public pages are served from cache (lib/cache/cached-pages.ts)", () => {
  test("home, /about and one-segment profile, fundraiser and event addresses are cached pages", () => {
    for (const p of ["/", "/about", "/search", "/nonprofit/abc", "/nonprofit/my-nickname", "/fundraiser/f1", "/fundraiser/f1/p/ana-s-5k", "/fundraiser/f1/t/office-runners", "/event/e1", "/donation/o1/f1", "/donation/o1/direct"]) expect([p, isCachedPublicPage(p)]).toEqual([p, true]);
  });

  test("profiles and events have a signed-in visitor's view; other cached pages are the same for everyone", () => {
    expect(visitorViewTarget("/nonprofit/abc")).toEqual({ kind: "profile", id: "abc" });
    expect(visitorViewTarget("/nonprofit/my%20nick")).toEqual({ kind: "profile", id: "my%20nick" });
    expect(visitorViewTarget("/event/e1")).toEqual({ kind: "event", id: "e1" });
    for (const p of ["/", "/about", "/search", "/fundraiser/f1", "/fundraiser/f1/p/ana", "/donation/o1/f1", "/nonprofit/events", "/event/tickets", "/nonprofit/abc/x", "/dashboard"]) expect([p, visitorViewTarget(p)]).toEqual([p, null]);
  });

  test("other pages, deeper paths and the look-alike static pages are not", () => {
    for (const p of ["/pricing", "/faq", "/how-it-works/donors", "/how-it-works/charities", "/search/x", "/about/x", "/event/tickets", "/nonprofit/events", "/nonprofit/events/x", "/fundraiser/f1/opengraph-image", "/fundraiser/f1/p/ana/opengraph-image", "/fundraiser/f1/x/ana", "/fundraiser/f1/start", "/donation/a", "/donation/a/b/c", "/dashboard", "/api/getNonprofit", "/member/about", "/aboutus"]) {
      expect([p, isCachedPublicPage(p)]).toEqual([p, false]);
    }
  });

  test("the internal addresses: the searches' pages only", () => {
    expect(isInternalPath("/search/results")).toBe(true);
    expect(isInternalPath("/search/results/abc")).toBe(true);
    for (const p of ["/", "/search", "/search/resultsx", "/home", "/home/anonymous", "/member"]) expect([p, isInternalPath(p)]).toEqual([p, false]);
  });

  test("a search's cached page: one key per search, whatever the order or the extra parameters", () => {
    const path = searchResultsPath(new URLSearchParams("queryString=food bank&searchCategory=NonProfits&state=VT"))!;
    expect(path).toMatch(/^\/search\/results\/[A-Za-z0-9_-]+$/);
    expect(isInternalPath(path)).toBe(true);
    expect(searchResultsPath(new URLSearchParams("state=VT&_rsc=abc&utm_source=mail&searchCategory=NonProfits&queryString=food+bank"))).toBe(path);
    expect(searchResultsPath(new URLSearchParams("queryString=food bank&searchCategory=NonProfits&state=NH"))).not.toBe(path);
    const back = searchFromResultsKey(path.split("/").pop()!)!;
    expect(Object.fromEntries(back)).toEqual({ queryString: "food bank", searchCategory: "NonProfits", state: "VT" });
    // Not a key: other characters, or parameters no search has.
    expect(searchFromResultsKey("a.b")).toBeNull();
    expect(searchFromResultsKey(Buffer.from("queryString=x&admin=1").toString("base64url"))).toBeNull();
    // Too long for a page of its own: the shell searches from the browser.
    expect(searchResultsPath(new URLSearchParams({ queryString: "x".repeat(MAX_SEARCH_KEY_LENGTH) }))).toBeNull();
  });

  test("next-auth's session cookie, in its plain, secure and chunked forms, and nothing else", () => {
    expect(hasSessionCookie(["next-auth.session-token"])).toBe(true);
    expect(hasSessionCookie(["__Secure-next-auth.session-token"])).toBe(true);
    expect(hasSessionCookie(["theme", "next-auth.session-token.0"])).toBe(true);
    expect(hasSessionCookie(["next-auth.csrf-token", "next-auth.callback-url", "session-token"])).toBe(false);
    expect(hasSessionCookie([])).toBe(false);
  });
});

describe("the proxy on cached pages", () => {
  test("an anonymous visitor of a cached page: no nonce in the policy or on the way to the renderer", async () => {
    const res = await run("/fundraiser/f1", { "x-nonce": "forged", "content-security-policy": "script-src 'nonce-forged'" });
    expect(scriptSrc(res)).toBe("script-src 'self' 'unsafe-inline'");
    expect(res.headers.get("x-middleware-rewrite")).toBeNull();
    // The request headers handed to Next: the client's forged nonce is dropped, not forwarded.
    expect(res.headers.get("x-middleware-request-x-nonce")).toBeNull();
    expect(res.headers.get("x-middleware-request-content-security-policy")).toBeNull();
  });

  test("a signed-in visitor of a cached page gets the same cached page: no rewrite, no nonce", async () => {
    for (const p of ["/nonprofit/abc?sec=fundraiser", "/event/e1", "/fundraiser/f1", "/about"]) {
      const res = await run(p, { cookie: `next-auth.session-token=x; ${SIGNED_IN_HINT_COOKIE}=1` });
      expect([p, res.headers.get("x-middleware-rewrite")]).toEqual([p, null]);
      expect([p, scriptSrc(res)]).toEqual([p, "script-src 'self' 'unsafe-inline'"]);
      expect([p, res.headers.get("x-middleware-request-x-nonce")]).toEqual([p, null]);
    }
  });

  test("the signed-in hint follows the session cookie: set once after signing in, cleared once after signing out", async () => {
    const hint = (res: Response) => res.headers.getSetCookie().find((c) => c.startsWith(`${SIGNED_IN_HINT_COOKIE}=`)) ?? null;
    const signedIn = await run("/fundraiser/f1", { cookie: "next-auth.session-token=x" });
    expect(hint(signedIn)).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=1; Path=/; SameSite=lax$`, "i"));
    expect(signedIn.headers.get("cache-control")).toBe("private, no-store");
    const overHttps = await run("/api/x", { cookie: "next-auth.session-token=x", "x-forwarded-proto": "https" });
    expect(hint(overHttps)).toMatch(/; Secure/i);
    expect(hint(overHttps)).not.toMatch(/HttpOnly/i);
    // In step: nothing is set, and the cached page keeps its own caching headers.
    const steady = await run("/fundraiser/f1", { cookie: `next-auth.session-token=x; ${SIGNED_IN_HINT_COOKIE}=1` });
    expect(hint(steady)).toBeNull();
    expect(steady.headers.get("cache-control")).toBeNull();
    expect(hint(await run("/fundraiser/f1"))).toBeNull();
    const signedOut = await run("/", { cookie: `${SIGNED_IN_HINT_COOKIE}=1` });
    expect(hint(signedOut)).toMatch(new RegExp(`^${SIGNED_IN_HINT_COOKIE}=; Path=/; Expires=Thu, 01 Jan 1970`, "i"));
  });

  test("home is its own cached page, signed in or not: no rewrite, no nonce", async () => {
    for (const cookie of ["", `next-auth.session-token=x; ${SIGNED_IN_HINT_COOKIE}=1`]) {
      const res = await run("/", { cookie });
      expect(res.headers.get("x-middleware-rewrite")).toBeNull();
      expect(scriptSrc(res)).toBe("script-src 'self' 'unsafe-inline'");
    }
  });

  test("a search is its own cached page, the same for signed-in visitors; bare /search goes to the empty search", async () => {
    const res = await run("/search?queryString=food&searchCategory=NonProfits", { cookie: "next-auth.session-token=x" });
    expect(new URL(res.headers.get("x-middleware-rewrite")!).pathname).toBe(searchResultsPath(new URLSearchParams("queryString=food&searchCategory=NonProfits")));
    expect(scriptSrc(res)).toBe("script-src 'self' 'unsafe-inline'");
    // A search too long for a page of its own gets the shell, cached the same.
    const long = await run(`/search?searchCategory=NonProfits&queryString=${"x".repeat(MAX_SEARCH_KEY_LENGTH)}`);
    expect(long.headers.get("x-middleware-rewrite")).toBeNull();
    expect(scriptSrc(long)).toBe("script-src 'self' 'unsafe-inline'");
    const bare = await run("/search");
    expect(bare.status).toBe(307);
    expect(new URL(bare.headers.get("location")!).search).toBe("?queryString=&searchCategory=NonProfits");
    expect((await run("/search?queryString=")).status).toBe(200);
  });

  test("pages that are not cached keep the per-request nonce for everyone", async () => {
    const res = await run("/pricing");
    expect(scriptSrc(res)).toMatch(/^script-src 'self' 'nonce-[^']+' 'strict-dynamic'$/);
    expect(res.headers.get("x-middleware-rewrite")).toBeNull();
  });

  test("the searches' pages are not public addresses: asked for directly, they answer 404", async () => {
    for (const p of [searchResultsPath(new URLSearchParams("queryString=food"))!]) {
      const res = await run(p, { cookie: "next-auth.session-token=x" });
      expect([p, res.status, new URL(res.headers.get("x-middleware-rewrite")!).pathname]).toEqual([p, 404, "/404"]);
    }
  });
});
