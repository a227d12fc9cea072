import { authOptions } from "@/lib/http/auth-options";
import { safeAuthRedirect, safeRedirectPath } from "./safe-redirect";

describe("redirects follow only same-origin paths", () => {
  test.each([
    "/\\evil.example/",
    "//evil.example/",
    "/\t/evil.example",
    "/\n/evil.example",
    " /evil",
    "\\\\evil.example",
    "https://evil.example/",
    "javascript:alert(1)",
    "/%5Cevil.example/",
    "/%2Fevil.example/",
    "%2F%5Cevil.example%2F",
    "/%252F%252Fevil.example",
    "evil.example",
    "",
    "/%E0%A4%A",
  ])("%j falls back", (raw) => {
    expect(safeRedirectPath(raw, "/dashboard")).toBe("/dashboard");
  });

  test.each([
    ["/dashboard", "/dashboard"],
    ["/event/abc?tab=tickets#buy", "/event/abc?tab=tickets#buy"],
    ["/search?queryString=food%20bank", "/search?queryString=food%20bank"],
    ["/nonprofit/123/../456", "/nonprofit/456"],
  ])("%j is kept", (raw, expected) => {
    expect(safeRedirectPath(raw, "/dashboard")).toBe(expected);
  });

  test("arrays and other types fall back", () => {
    expect(safeRedirectPath(["//evil.example", "/ok"])).toBe("/dashboard");
    expect(safeRedirectPath(undefined)).toBe("/dashboard");
    expect(safeRedirectPath(42)).toBe("/dashboard");
  });

  test("next-auth's redirect callback keeps the browser on the app's origin", async () => {
    const redirect = authOptions().callbacks!.redirect!;
    const baseUrl = "http://localhost:3000";
    expect(await redirect({ url: "/\\evil.example/", baseUrl })).toBe(baseUrl);
    expect(await redirect({ url: "https://evil.example/x", baseUrl })).toBe(baseUrl);
    expect(await redirect({ url: "http://localhost:3000//evil.example", baseUrl })).toBe(baseUrl);
    expect(await redirect({ url: "/dashboard", baseUrl })).toBe("http://localhost:3000/dashboard");
    expect(await redirect({ url: "http://localhost:3000/event/1?x=1", baseUrl })).toBe("http://localhost:3000/event/1?x=1");
    expect(safeAuthRedirect({ url: "not a url", baseUrl })).toBe(baseUrl);
  });
});
