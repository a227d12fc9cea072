import { giftPagePaths, refreshAllPublicPages, refreshEventPages, refreshGiftPages } from "./public-pages";

describe("public page invalidation (lib/cache/public-pages.ts)", () => {
  test("a gift touches home, its organization's profile, its fundraiser and the fundraiser's donate page", () => {
    expect(giftPagePaths({ organizationId: "org 1", campaignId: "c1" })).toEqual(["/", "/nonprofit/org%201", "/fundraiser/c1", "/donation/org%201/c1"]);
    expect(giftPagePaths({ organizationId: "o2" })).toEqual(["/", "/nonprofit/o2"]);
  });

  test("outside a request (a scheduled charge, a script) invalidation is skipped, never thrown", () => {
    expect(() => refreshGiftPages({ organizationId: "o", campaignId: "c", ticket: true })).not.toThrow();
    expect(() => refreshEventPages("e1")).not.toThrow();
    expect(() => refreshAllPublicPages()).not.toThrow();
  });
});
