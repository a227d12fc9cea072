import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { type ClaimedNonprofit, makeTwoNonprofitsAndADonor } from "@/lib/testing/service-fixtures";
import { messages } from "@/lib/validations/messages";
import {
  forOrganization,
  nicknameField,
  updateDashboardSchema,
  updateImpactsSchema,
  updateNicknameSchema,
  updateSocialMediasSchema,
  updateSpotlightSchema,
} from "@/lib/validations/organization";
import { organizations } from "@/models";
import { getPublicOrganization } from "./get-organization";
import { checkNickname, updateNickname } from "./nickname";
import { getSpotlight, readSpotlight, updateSpotlight } from "./spotlight";
import { updateDashboard } from "./update-dashboard";
import { updateImpacts } from "./update-impacts";
import { toggleLive } from "./update-live";
import { updateNonprofit } from "./update-np";
import { updateSocialMedias } from "./update-social-medias";

let h: DatabaseHandle, a: ClaimedNonprofit, b: ClaimedNonprofit, donor: Actor;
beforeAll(async () => void ({ h, a, b, donor } = await makeTwoNonprofitsAndADonor(["Alder Food Shelf", "Birch Arts Council"], "donor.profile@example.org")), 120_000);
afterAll(() => h.close());

const err = (p: Promise<unknown>) => p.then(() => null, (e: { status: number; message: string }) => e);

async function orgRow(id: string) {
  const [row] = await h.db.select().from(organizations).where(eq(organizations.id, id));
  return row!;
}

/** The first message a handler would answer with (route() maps ZodError to its first issue). */
function firstMessage(result: { success: boolean; error?: { issues: { message: string }[] } }): string | null {
  return result.success ? null : result.error!.issues[0]!.message;
}

describe("updateDashboard (general info)", () => {
  test("empty fields are dropped and only the filled ones change; a new ZIP moves the coordinates", async () => {
    await h.db.update(organizations).set({ telephone: "8025550100", addressLine2: "Suite 4" }).where(eq(organizations.id, a.organizationId));
    const input = updateDashboardSchema.parse({
      npID: a.organizationId,
      organizationName: "Alder Community Food Shelf",
      email: "",
      confirmEmail: "  ",
      phone: "",
      address: "12 Main St",
      address2: "",
      city: "Montpelier",
      state: "vt",
      zipcode: "05602",
    });
    expect(Object.keys(input).sort()).toEqual(["address", "city", "npID", "organizationName", "state", "zipcode"]);
    const result = await updateDashboard({ actor: a.user, input: forOrganization(input) });
    expect(result.user._id).toBe(a.user.id);
    expect(result.nonprofit).toMatchObject({ _id: a.organizationId, name: "Alder Community Food Shelf", telephone: "8025550100" });
    expect(result.nonprofit.address).toMatchObject({ addressLine1: "12 Main St", addressLine2: "Suite 4", city: "Montpelier", state: "VT", zipcode: "05602" });
    const row = await orgRow(a.organizationId);
    expect(row.telephone).toBe("8025550100");
    expect(row.addressLine2).toBe("Suite 4");
    expect(row.latitude).toBeCloseTo(44.26, 1);
    expect(row.longitude).toBeCloseTo(-72.57, 1);
    // The JSON a hand-made client might send with empty strings is treated the same way.
    expect(updateDashboardSchema.parse({ npID: a.organizationId, city: "", zipcode: "" })).toEqual({ npID: a.organizationId });
  });

  test("the contact email must be valid and equal to its confirmation (spec 5), and nothing changes otherwise", async () => {
    const before = await orgRow(a.organizationId);
    const bad = updateDashboardSchema.safeParse({ npID: a.organizationId, email: "not-an-email", confirmEmail: "not-an-email", city: "Elsewhere" });
    expect(firstMessage(bad)).toBe("Please enter a valid email address");
    expect(firstMessage(bad)).toBe(messages.nonprofitEmail.invalid);
    const mismatch = updateDashboardSchema.safeParse({ npID: a.organizationId, email: "info@alder.org", confirmEmail: "info@alder.com", city: "Elsewhere" });
    expect(firstMessage(mismatch)).toBe("Email address and confirmation must match");
    const confirmationOnly = updateDashboardSchema.safeParse({ npID: a.organizationId, email: "", confirmEmail: "info@alder.org" });
    expect(firstMessage(confirmationOnly)).toBe(messages.nonprofitEmail.mismatch);
    expect(await orgRow(a.organizationId)).toEqual(before);

    const ok = updateDashboardSchema.parse({ npID: a.organizationId, email: "Info@Alder.org", confirmEmail: "info@alder.org" });
    const { nonprofit } = await updateDashboard({ actor: a.user, input: forOrganization(ok) });
    expect(nonprofit.email).toBe("Info@Alder.org");
  });

  test("organization A's user cannot update organization B, and B stays as it was", async () => {
    const before = await orgRow(b.organizationId);
    const input = updateDashboardSchema.parse({ npID: b.organizationId, organizationName: "Taken Over", city: "Nowhere" });
    expect(await err(updateDashboard({ actor: a.user, input: forOrganization(input) }))).toMatchObject({ status: 403 });
    expect(await err(updateDashboard({ actor: donor, input: forOrganization(input) }))).toMatchObject({ status: 403 });
    expect(await err(updateNonprofit({ actor: a.user, input: { organizationId: b.organizationId, mission: "Hijacked" } }))).toMatchObject({ status: 403 });
    expect(await err(updateSocialMedias({ actor: a.user, input: forOrganization(updateSocialMediasSchema.parse({ npID: b.organizationId, website: "evil.example" })) }))).toMatchObject({ status: 403 });
    expect(await err(updateImpacts({ actor: a.user, input: forOrganization(updateImpactsSchema.parse({ npID: b.organizationId, impacts: [{ label: "x", value: "1" }] })) }))).toMatchObject({ status: 403 });
    expect(await err(updateSpotlight({ actor: a.user, input: forOrganization(updateSpotlightSchema.parse({ npID: b.organizationId, title: "Mine now" })) }))).toMatchObject({ status: 403 });
    expect(await err(getSpotlight({ actor: a.user, organizationId: b.organizationId }))).toMatchObject({ status: 403 });
    expect(await err(updateNickname({ actor: a.user, input: { organizationId: b.organizationId, nickname: "birch-stolen" } }))).toMatchObject({ status: 403 });
    expect(await err(toggleLive({ actor: a.user, organizationId: b.organizationId }))).toMatchObject({ status: 403 });
    expect(await orgRow(b.organizationId)).toEqual(before);
  });
});

describe("description, links, impacts and spotlight", () => {
  test("updateNP keeps a field left empty and stripeComplete is re-checked, not stored as sent", async () => {
    await updateNonprofit({ actor: a.user, input: { organizationId: a.organizationId, description: "We feed Montpelier.", mission: "No one goes hungry." } });
    const { nonprofit } = await updateNonprofit({ actor: a.user, input: { organizationId: a.organizationId, description: undefined, mission: "Food for all.", stripeComplete: true } });
    expect(nonprofit).toMatchObject({ description: "We feed Montpelier.", mission: "Food for all.", stripeComplete: false });
    expect((await orgRow(a.organizationId)).stripeComplete).toBe(false);
  });

  test("social links get https:// when the scheme is missing, bad ones are refused, and the set replaces the old one", async () => {
    const bad = updateSocialMediasSchema.safeParse({ npID: a.organizationId, twitter: "javascript:alert(1)" });
    expect(firstMessage(bad)).toBe(messages.organizationProfile.linkInvalid);
    expect(updateSocialMediasSchema.safeParse({ npID: a.organizationId, website: "not a site" }).success).toBe(false);
    const first = await updateSocialMedias({ actor: a.user, input: forOrganization(updateSocialMediasSchema.parse({ npID: a.organizationId, website: "alder.org", facebook: "http://facebook.com/alder" })) });
    expect(first.socialMedia).toEqual({ website: "https://alder.org", facebook: "http://facebook.com/alder" });
    await updateSocialMedias({ actor: a.user, input: forOrganization(updateSocialMediasSchema.parse({ npID: a.organizationId, website: "", facebook: "facebook.com/alder", instagram: "instagram.com/alder" })) });
    expect((await orgRow(a.organizationId)).socialMedia).toEqual({ facebook: "https://facebook.com/alder", instagram: "https://instagram.com/alder" });
  });

  test("impact figures: empty rows dropped, half-filled rows and more than six refused", async () => {
    const half = updateImpactsSchema.safeParse({ npID: a.organizationId, impacts: [{ label: "meals served", value: "" }] });
    expect(firstMessage(half)).toBe(messages.organizationProfile.impactIncomplete);
    const seven = Array.from({ length: 7 }, (_, i) => ({ label: `figure ${i}`, value: String(i) }));
    expect(updateImpactsSchema.safeParse({ npID: a.organizationId, impacts: seven }).success).toBe(false);
    await updateImpacts({ actor: a.user, input: forOrganization(updateImpactsSchema.parse({ npID: a.organizationId, impacts: [{ label: "meals served", value: "12,000" }, { label: "", value: "" }, { label: "volunteers", value: "85" }] })) });
    const row = await orgRow(a.organizationId);
    expect(row.impacts).toEqual([{ label: "meals served", value: "12,000" }, { label: "volunteers", value: "85" }]);
    expect((await getPublicOrganization({ idOrNickname: a.organizationId, actor: null })).impacts).toHaveLength(2);
  });

  test("spotlight: title and description saved, the widget's image kept, empty parts removed", async () => {
    await h.db.update(organizations).set({ spotlight: { imageUrl: "/uploads/spotlightImage/x.jpg" } }).where(eq(organizations.id, a.organizationId));
    const saved = await updateSpotlight({ actor: a.user, input: forOrganization(updateSpotlightSchema.parse({ npID: a.organizationId, title: "Winter drive", description: "Coats for 300 kids." })) });
    expect(saved.spotlight).toEqual({ title: "Winter drive", description: "Coats for 300 kids.", imageUrl: "/uploads/spotlightImage/x.jpg" });
    expect(await getSpotlight({ actor: a.user, organizationId: a.organizationId })).toEqual(saved);
    expect(updateSpotlightSchema.safeParse({ npID: a.organizationId, imageUrl: "javascript:alert(1)" }).success).toBe(false);
    const cleared = await updateSpotlight({ actor: a.user, input: forOrganization(updateSpotlightSchema.parse({ npID: a.organizationId, title: "", description: "", imageUrl: null })) });
    expect(cleared.spotlight).toBeNull();
    expect(await readSpotlight({ organizationId: a.organizationId })).toBeNull();
  });
});

describe("nickname", () => {
  test("URL-safe, lower-cased, not a route word and not shaped like an id", () => {
    expect(nicknameField.parse("  Alder-Food ")).toBe("alder-food");
    for (const bad of ["ab", "has space", "under_score", "-lead", "trail-", "dou--ble", "é-accent", "a".repeat(41)]) {
      expect(firstMessage(nicknameField.safeParse(bad))).toBe(messages.organizationProfile.nicknameFormat);
    }
    expect(firstMessage(nicknameField.safeParse("events"))).toBe(messages.organizationProfile.nicknameReserved);
    expect(firstMessage(nicknameField.safeParse("6f1c2d3e-4a5b-4c6d-8e9f-0a1b2c3d4e5f"))).toBe(messages.organizationProfile.nicknameReserved);
  });

  test("unique without regard to case; the short URL resolves; the owner's own name stays available", async () => {
    expect(await checkNickname({ actor: a.user, nickname: "alder" })).toEqual({ available: true });
    expect(await updateNickname({ actor: a.user, input: forOrganization(updateNicknameSchema.parse({ npID: a.organizationId, nickname: "Alder" })) })).toEqual({ nickname: "alder", url: "/nonprofit/alder" });
    expect(await checkNickname({ actor: a.user, nickname: "alder" })).toEqual({ available: true });
    expect(await checkNickname({ actor: b.user, nickname: "alder" })).toEqual({ available: false });
    const clash = await err(updateNickname({ actor: b.user, input: { organizationId: b.organizationId, nickname: "alder" } }));
    expect(clash).toMatchObject({ status: 409, message: messages.organizationProfile.nicknameTaken });
    // A stored nickname in another case still clashes (citext), even past the pre-check.
    await h.db.update(organizations).set({ nickname: "Birch-Arts" }).where(eq(organizations.id, b.organizationId));
    expect(await checkNickname({ actor: a.user, nickname: "birch-arts" })).toEqual({ available: false });
    expect(await err(updateNickname({ actor: a.user, input: { organizationId: a.organizationId, nickname: "birch-arts" } }))).toMatchObject({ status: 409 });
    expect((await orgRow(a.organizationId)).nickname).toBe("alder");
    expect((await getPublicOrganization({ idOrNickname: "alder", actor: null }))._id).toBe(a.organizationId);
    expect((await getPublicOrganization({ idOrNickname: "ALDER", actor: null }))._id).toBe(a.organizationId);
    expect(await err(checkNickname({ actor: donor, nickname: "alder" }))).toMatchObject({ status: 403 });
    await updateNickname({ actor: a.user, input: { organizationId: a.organizationId, nickname: null } });
    expect((await orgRow(a.organizationId)).nickname).toBeNull();
  });
});

describe("toggleLive", () => {
  test("flips live back and forth; a hidden profile is visible to its owner only", async () => {
    expect((await orgRow(a.organizationId)).live).toBe(true);
    expect(await toggleLive({ actor: a.user, organizationId: a.organizationId })).toEqual({ live: false });
    expect((await orgRow(a.organizationId)).live).toBe(false);
    expect(await err(getPublicOrganization({ idOrNickname: a.organizationId, actor: null }))).toMatchObject({ status: 404 });
    expect(await err(getPublicOrganization({ idOrNickname: a.organizationId, actor: b.user }))).toMatchObject({ status: 404 });
    expect((await getPublicOrganization({ idOrNickname: a.organizationId, actor: a.user })).live).toBe(false);
    expect(await toggleLive({ actor: a.user, organizationId: a.organizationId })).toEqual({ live: true });
    expect((await getPublicOrganization({ idOrNickname: a.organizationId, actor: null })).live).toBe(true);
  });

  test("an organization waiting for approval may hide but not go live", async () => {
    await h.db.update(organizations).set({ approvalStatus: "pending", live: true }).where(eq(organizations.id, b.organizationId));
    expect(await toggleLive({ actor: b.user, organizationId: b.organizationId })).toEqual({ live: false });
    expect(await err(toggleLive({ actor: b.user, organizationId: b.organizationId }))).toMatchObject({ status: 409, message: messages.organizationProfile.liveNeedsApproval });
    expect((await orgRow(b.organizationId)).live).toBe(false);
  });
});
