import { NextRequest } from "next/server";
import { proxy } from "@/proxy";

const run = (path: string, headers: Record<string, string> = {}) => proxy(new NextRequest(new URL(path, "http://localhost:3000"), { headers }));
const directive = (csp: string, name: string) => csp.split(";").map((d) => d.trim()).find((d) => d.startsWith(`${name} `)) ?? "";

describe("security headers on every response (proxy.ts)", () => {
  test.each(["/", "/search?search_query=food", "/api/getNonprofit", "/dashboard", "/uploads/a.png"])("%s carries the full set", (path) => {
    const h = run(path).headers;
    const csp = h.get("content-security-policy") ?? "";
    expect(directive(csp, "script-src")).toMatch(/'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(directive(csp, "script-src")).not.toContain("unsafe-inline");
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

  test("a fresh nonce per request, handed to Next's renderer on the request's CSP header", () => {
    const a = run("/").headers;
    const b = run("/").headers;
    expect(a.get("content-security-policy")).not.toBe(b.get("content-security-policy"));
    const nonce = /'nonce-([^']+)'/.exec(a.get("content-security-policy") ?? "")?.[1];
    expect(a.get("x-middleware-request-content-security-policy")).toContain(`'nonce-${nonce}'`);
    expect(a.get("x-middleware-request-x-nonce")).toBe(nonce);
  });

  test.each(["/donation/abc/0", "/event/tickets", "/complete-donation", "/complete-paypal-donation", "/complete-donation-google-apple"])(
    "%s (payment forms) allows Stripe's and PayPal's hosts",
    (path) => {
      const csp = run(path).headers.get("content-security-policy") ?? "";
      expect(directive(csp, "script-src")).toContain("https://js.stripe.com");
      expect(directive(csp, "frame-src")).toContain("https://js.stripe.com");
      expect(directive(csp, "script-src")).toContain("https://www.paypal.com");
      expect(directive(csp, "frame-ancestors")).toBe("frame-ancestors 'none'");
    },
  );

  test("embeddable routes may be framed; no X-Frame-Options there", () => {
    const h = run("/embed/donate/abc").headers;
    expect(directive(h.get("content-security-policy") ?? "", "frame-ancestors")).toBe("frame-ancestors *");
    expect(h.get("x-frame-options")).toBeNull();
  });

  test("HSTS only over https (direct or from the proxy in front)", () => {
    expect(run("/", { "x-forwarded-proto": "https" }).headers.get("strict-transport-security")).toMatch(/^max-age=\d{7,}/);
    expect(proxy(new NextRequest("https://givebridge.example/")).headers.get("strict-transport-security")).toMatch(/^max-age=/);
  });
});
