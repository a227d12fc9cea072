import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import type { AppError } from "@/lib/errors";
import { type ClaimedNonprofit, makeTwoNonprofitsAndADonor } from "@/lib/testing/service-fixtures";
import { messages } from "@/lib/validations/messages";
import { cleanLink, normalizeLink, saveMarketplaceSchema, saveWishlistSchema, truncateLinkForDisplay } from "@/lib/validations/organization-links";
import { organizationLinks } from "@/models";
import { listOrganizationLinks, truncateLink } from "./list-organization-links";
import { deleteOrganizationLink, saveOrganizationLink } from "./organization-links";

let h: DatabaseHandle, a: ClaimedNonprofit, b: ClaimedNonprofit, donor: Actor;
beforeAll(async () => void ({ h, a, b, donor } = await makeTwoNonprofitsAndADonor(["Burlington Book Bank", "Rutland Youth Choir"], "links-donor@example.org")), 120_000);
afterAll(() => h.close());

const fail = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as AppError);
const rowsOf = (organizationId: string) => h.db.select().from(organizationLinks).where(eq(organizationLinks.organizationId, organizationId));

describe("link rules", () => {
  test("links are cleaned and get http:// when they have no scheme", () => {
    expect(cleanLink("  amazon.com/hz/ wishlist/ls/ABC\n\t")).toBe("amazon.com/hz/wishlist/ls/ABC");
    expect(cleanLink("exa\u0000mple.org/\u200bx")).toBe("example.org/x");
    expect(normalizeLink("amazon.com/hz/wishlist/ls/ABC")).toEqual({ ok: true, url: "http://amazon.com/hz/wishlist/ls/ABC" });
    expect(normalizeLink(" https://shop.example.org/store ")).toEqual({ ok: true, url: "https://shop.example.org/store" });
    expect(normalizeLink("HTTP://Example.org")).toEqual({ ok: true, url: "HTTP://Example.org" });
    expect(normalizeLink("www.example.org:8080/list")).toEqual({ ok: true, url: "http://www.example.org:8080/list" });
  });

  test("empty links get the spec's message; unsafe and broken links are refused", () => {
    expect(normalizeLink("   ")).toEqual({ ok: false, message: messages.links.required });
    expect(normalizeLink("")).toEqual({ ok: false, message: messages.links.required });
    expect(normalizeLink("javascript:alert(1)")).toEqual({ ok: false, message: messages.organizationLinks.unsafe });
    expect(normalizeLink(" java\tscript:alert(1)")).toEqual({ ok: false, message: messages.organizationLinks.unsafe });
    expect(normalizeLink("data:text/html,<b>x</b>")).toEqual({ ok: false, message: messages.organizationLinks.unsafe });
    expect(normalizeLink("ftp://files.example.org")).toEqual({ ok: false, message: messages.organizationLinks.unsafe });
    expect(normalizeLink("not a link")).toEqual({ ok: false, message: messages.organizationLinks.invalid });
    expect(normalizeLink("http://user:pw@example.org")).toEqual({ ok: false, message: messages.organizationLinks.invalid });
    expect(normalizeLink(`example.org/${"x".repeat(2000)}`)).toEqual({ ok: false, message: messages.organizationLinks.tooLong });
  });

  test("request bodies use the spec's field names", () => {
    expect(saveWishlistSchema.parse({ _id: "org1", wishlist: "amazon.com/list" })).toEqual({ _id: "org1", wishlist: "http://amazon.com/list" });
    expect(saveMarketplaceSchema.parse({ _id: "org1", marketplace: "https://etsy.com/shop/x" }).marketplace).toBe("https://etsy.com/shop/x");
    const empty = saveWishlistSchema.safeParse({ _id: "org1", wishlist: "" });
    expect(empty.success ? null : empty.error.issues[0]?.message).toBe(messages.links.required);
    const missing = saveWishlistSchema.safeParse({ _id: "org1" });
    expect(missing.success ? null : missing.error.issues[0]?.message).toBe(messages.links.required);
  });

  test("links are shown truncated at 40 characters", () => {
    const long = "https://www.amazon.com/hz/wishlist/ls/ABCDEFGHIJ";
    expect(truncateLinkForDisplay(long)).toBe("https://www.amazon.com/hz/wishlist/ls/AB…");
    expect(truncateLink(long)).toHaveLength(41);
    expect(truncateLinkForDisplay("https://example.org")).toBe("https://example.org");
  });
});

describe("saving and deleting links", () => {
  test("the owner saves and deletes wishlist and marketplace links", async () => {
    const wishlist = await saveOrganizationLink({ actor: a.user, organizationId: a.organizationId, kind: "wishlist", url: "  amazon.com/hz/wishlist/ls/ABC " });
    expect(wishlist.map((l) => l.url)).toEqual(["http://amazon.com/hz/wishlist/ls/ABC"]);
    const market = await saveOrganizationLink({ actor: a.user, organizationId: a.organizationId, kind: "marketplace", url: "https://etsy.com/shop/bookbank" });
    expect(market.map((l) => l.url)).toEqual(["https://etsy.com/shop/bookbank"]);
    expect(await listOrganizationLinks({ organizationId: a.organizationId, kind: "wishlist" })).toEqual(wishlist);

    // A link id of the other kind is not deleted through this kind.
    expect((await fail(deleteOrganizationLink({ actor: a.user, organizationId: a.organizationId, kind: "wishlist", linkId: market[0]!._id })))?.status).toBe(404);
    expect(await deleteOrganizationLink({ actor: a.user, organizationId: a.organizationId, kind: "wishlist", linkId: wishlist[0]!._id })).toEqual([]);
    expect((await listOrganizationLinks({ organizationId: a.organizationId, kind: "marketplace" })).length).toBe(1);
  });

  test("an empty or unsafe link is refused with its message and nothing is stored", async () => {
    const before = (await rowsOf(a.organizationId)).length;
    const empty = await fail(saveOrganizationLink({ actor: a.user, organizationId: a.organizationId, kind: "wishlist", url: "  " }));
    expect(empty).toMatchObject({ status: 400, message: messages.links.required });
    const unsafe = await fail(saveOrganizationLink({ actor: a.user, organizationId: a.organizationId, kind: "marketplace", url: "javascript:alert(document.cookie)" }));
    expect(unsafe).toMatchObject({ status: 400, message: messages.organizationLinks.unsafe });
    expect((await rowsOf(a.organizationId)).length).toBe(before);
  });

  test("another organization's user, a donor and nobody are refused; nothing changes", async () => {
    const [kept] = await saveOrganizationLink({ actor: a.user, organizationId: a.organizationId, kind: "wishlist", url: "https://example.org/keep" });
    const before = await rowsOf(a.organizationId);
    expect((await fail(saveOrganizationLink({ actor: b.user, organizationId: a.organizationId, kind: "wishlist", url: "https://evil.example.org" })))?.status).toBe(403);
    expect((await fail(deleteOrganizationLink({ actor: b.user, organizationId: a.organizationId, kind: "wishlist", linkId: kept!._id })))?.status).toBe(403);
    // B's own organization id with A's link id: not found, and A's link stays.
    expect((await fail(deleteOrganizationLink({ actor: b.user, organizationId: b.organizationId, kind: "wishlist", linkId: kept!._id })))?.status).toBe(404);
    expect((await fail(saveOrganizationLink({ actor: donor, organizationId: a.organizationId, kind: "wishlist", url: "https://x.example.org" })))?.status).toBe(403);
    expect((await fail(saveOrganizationLink({ actor: null, organizationId: a.organizationId, kind: "wishlist", url: "https://x.example.org" })))?.status).toBe(401);
    expect(await rowsOf(a.organizationId)).toEqual(before);
    expect(await rowsOf(b.organizationId)).toEqual([]);
  });

  test("a session that claims an organization its account does not belong to writes nothing", async () => {
    const [kept] = await saveOrganizationLink({ actor: a.user, organizationId: a.organizationId, kind: "marketplace", url: "https://example.org/shop" });
    const beforeA = await rowsOf(a.organizationId);
    const stale: Actor = { ...a.user, organizationId: b.organizationId };
    expect((await fail(saveOrganizationLink({ actor: stale, organizationId: b.organizationId, kind: "wishlist", url: "https://stale.example.org" })))?.status).toBe(403);
    const foreign: Actor = { ...b.user, organizationId: a.organizationId };
    expect((await fail(deleteOrganizationLink({ actor: foreign, organizationId: a.organizationId, kind: "marketplace", linkId: kept!._id })))?.status).toBe(403);
    expect(await rowsOf(b.organizationId)).toEqual([]);
    expect(await rowsOf(a.organizationId)).toEqual(beforeA);
  });
});
