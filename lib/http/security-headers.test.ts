import { NextRequest } from "next/server";
import { setEnvForTests } from "@/lib/env";
import { messages } from "@/lib/validations/messages";
import { proxy } from "@/proxy";

const run = async (path: string, headers: Record<string, string> = {}) => proxy(new NextRequest(new URL(path, "http://localhost:3000"), { headers }));
const directive = (csp: string, name: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? "";

describe("security headers on every response (proxy.ts)", () => {
  // "/" and "/search" are served from cache to anonymous visitors: one HTML for everyone, no nonce
  // (lib/cache/cached-pages.ts); every other directive and header is the same.
  test.each(["/", "/search?queryString=food", "/pricing", "/api/getNonprofit", "/dashboard", "/uploads/a.png"])("%s carries the full set", async (path) => {
    const h = (await run(path)).headers;
    const csp = h.get("content-security-policy") ?? "";
    if (path === "/" || path.startsWith("/search")) {
      expect(directive(csp, "script-src")).toBe("script-src 'self' 'unsafe-inline'");
    } else {
      expect(directive(csp, "script-src")).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
      expect(directive(csp, "script-src")).not.toContain("unsafe-inline");
    }
    expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
    expect(directive(csp, "object-src")).toBe("object-src 'none'");
    expect(h.get("x-frame-options")).toBe("DENY");
    expect(h.get("x-content-type-options")).toBe("nosniff");
    expect(h.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(h.get("permissions-policy")).toContain("camera=()");
    expect(h.get("cross-origin-opener-policy")).toBe("same-origin");
    expect(h.get("strict-transport-security")).toBeNull();
    // Stripe's and PayPal's hosts are not allowed where their forms do not load.
    expect(csp).not.toMatch(/stripe|paypal/);
  });

  test("a fresh nonce per request, handed to Next's renderer on the request's CSP header", async () => {
    const a = (await run("/pricing")).headers;
    const b = (await run("/pricing")).headers;
    expect(a.get("content-security-policy")).not.toBe(b.get("content-security-policy"));
    const nonce = /'nonce-([^']+)'/.exec(a.get("content-security-policy") ?? "")?.[1];
    expect(a.get("x-middleware-request-content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(a.get("x-middleware-request-x-nonce")).toBe(nonce);
  });

  test.each(["/donation/abc/0", "/event/tickets", "/complete-donation", "/complete-paypal-donation", "/complete-donation-google-apple"])(
    "%s (payment forms) allows Stripe's and PayPal's hosts",
    async (path) => {
      const csp = (await run(path)).headers.get("content-security-policy") ?? "";
      expect(directive(csp, "script-src")).toContain("https://js.stripe.com");
      expect(directive(csp, "frame-src")).toContain("https://js.stripe.com");
      expect(directive(csp, "script-src")).toContain("https://www.paypal.com");
      expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
    },
  );

  test("embeddable routes may be framed; no X-Frame-Options there", async () => {
    const h = (await run("/embed/donate/abc")).headers;
    expect(directive(h.get("content-security-policy") ?? "", "frame-ancestors")).toBe("frame-ancestors *");
    expect(h.get("x-frame-options")).toBeNull();
  });

  test("HSTS only over https (direct or from the proxy in front)", async () => {
    expect((await run("/", { "x-forwarded-proto": "https" })).headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
    expect((await proxy(new NextRequest("https://givebridge.example/"))).headers.get("strict-transport-security")).toMatch(/^max-age=/);
  });
});

describe("pages known to be missing answer 404, not a streamed 200", () => {
  afterEach(() => setEnvForTests({ NODE_ENV: "test", SMTP_URL: undefined }));

  test("/404 and, in production, the development mailbox for anyone but the admin", async () => {
    expect((await run("/404")).status).toBe(404);
    expect((await run("/404")).headers.get("x-middleware-rewrite")).toContain("/404");
    setEnvForTests({ NODE_ENV: "production" });
    expect((await run("/dev/mailbox")).status).toBe(404);
    expect((await run("/dev/mailbox", { cookie: "next-auth.session-token=not-a-valid-token" })).status).toBe(404);
    expect((await run("/")).status).toBe(200);
  });

  test("the mailbox is not found when mail goes through SMTP, and open outside production otherwise", async () => {
    setEnvForTests({ NODE_ENV: "test" });
    expect((await run("/dev/mailbox")).status).toBe(200);
    setEnvForTests({ SMTP_URL: "smtp://127.0.0.1:2525" });
    expect((await run("/dev/mailbox")).status).toBe(404);
  });
});

describe("a path with malformed percent-encoding is 400 with the catalogue's message, not Next's 500", () => {
  test.each(["/api/find/nonprofit/events/%E0%A4%A", "/nonprofit/%E0%A4%A", "/api/getOneCampaign/%"])("%s", async (path) => {
    const res = await run(path);
    expect(res.status).toBe(400);
    expect(await res.text()).toContain(messages.request.badEncoding);
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("a page path with a control character is 404, not a 500 from the page's query", () => {
  test.each(["/fundraiser/%00", "/nonprofit/%00", "/event/%00", "/fundraising-pages/%00", "/fundraiser/abc%1F/p/x", "/manage-pay/donors/email%3Aa%7F"])("%s", async (path) => {
    const res = await run(path);
    expect(res.status).toBe(404);
    expect(res.headers.get("x-middleware-rewrite")).toMatch(/\/404$/);
  });

  test("route handlers keep their own 400 (the proxy passes /api/ paths on), and a plain page passes", async () => {
    expect((await run("/api/getOneCampaign/%00")).status).not.toBe(404);
    expect((await run("/fundraiser/abc-123")).status).toBe(200);
  });
});

describe("uploaded images from a bucket are allowed by the CSP", () => {
  afterEach(() => setEnvForTests({ S3_BUCKET: undefined, S3_PUBLIC_URL: undefined, S3_REGION: undefined }));

  test("the bucket's public origin is in img-src", async () => {
    setEnvForTests({ S3_BUCKET: "gb-images", S3_REGION: "us-east-2" });
    expect((await run("/")).headers.get("content-security-policy")).toContain("img-src 'self' data: blob: https://gb-images.s3.us-east-2.amazonaws.com");
    setEnvForTests({ S3_PUBLIC_URL: "https://cdn.example.org/images/" });
    expect((await run("/")).headers.get("content-security-policy")).toContain("https://cdn.example.org;");
  });
});
