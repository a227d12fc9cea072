import { eq } from "drizzle-orm";
import { parseDollarsToCents } from "@/lib/money";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import type { AppError } from "@/lib/errors";
import { type ClaimedNonprofit, makeGift, makeNonprofit, makeTwoNonprofitsAndADonor } from "@/lib/testing/service-fixtures";
import { fundraiserFormSchema, fundraiserValuesOf, parseUpdateFundraiserRequest, type FundraiserValues } from "@/lib/validations/fundraiser";
import { messages } from "@/lib/validations/messages";
import { fundraisers, donations, organizations } from "@/models";
import { listOrganizationFundraisers } from "./list-fundraisers";
import {
  createFundraiser,
  deleteFundraiser,
  endFundraiser,
  getFundraiser,
  listFundraisersForViewer,
  listManagedFundraisers,
  updateFundraiser,
} from "./manage-fundraisers";

let h: DatabaseHandle, a: ClaimedNonprofit, b: ClaimedNonprofit, donor: Actor;
beforeAll(async () => void ({ h, a, b, donor } = await makeTwoNonprofitsAndADonor(["Green Mountain Food Shelf", "Champlain Valley Shelter"], "fundraiser-donor@example.org")), 120_000);
afterAll(() => h.close());

const fail = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as AppError);
const form = (input: Record<string, unknown>): FundraiserValues => fundraiserFormSchema.parse({ name: "Winter coats", goal: "5000", ...input });
const row = async (id: string) => (await h.db.select().from(fundraisers).where(eq(fundraisers.id, id)))[0];

describe("fundraiser rules", () => {
  test("goals are typed in dollars and stored as integer cents", () => {
    expect(parseDollarsToCents("5000")).toBe(500000);
    expect(parseDollarsToCents("$5,000.5")).toBe(500050);
    expect(parseDollarsToCents(12.34)).toBe(1234);
    expect(parseDollarsToCents("0.07")).toBe(7);
    expect(parseDollarsToCents("12.345")).toBeNull();
    expect(parseDollarsToCents("-5")).toBeNull();
    expect(form({ goal: "1,250.75" }).goal).toBe(125075);
  });

  test("the form reports the field messages", () => {
    const messagesOf = (input: Record<string, unknown>) => {
      const r = fundraiserFormSchema.safeParse({ name: "Coats", goal: "10", ...input });
      return r.success ? [] : r.error.issues.map((i) => i.message);
    };
    expect(messagesOf({ name: "  " })).toContain(messages.campaign.nameRequired);
    expect(messagesOf({ name: "x".repeat(121) })).toContain(messages.campaign.nameTooLong);
    expect(messagesOf({ goal: "" })).toContain(messages.campaign.goalRequired);
    expect(messagesOf({ goal: "ten" })).toContain(messages.campaign.goalInvalid);
    expect(messagesOf({ goal: "0.99" })).toContain(messages.campaign.goalMin);
    expect(messagesOf({ goal: "10000000.01" })).toContain(messages.campaign.goalMax);
    expect(messagesOf({ startDate: "2026-02-30" })).toContain(messages.campaign.dateInvalid);
    expect(messagesOf({ startDate: "2026-05-02", endDate: "2026-05-01" })).toContain(messages.campaign.endBeforeStart);
    expect(messagesOf({ startDate: "2026-05-01", endDate: "2026-05-01" })).toEqual([]);
  });

  test("a request body cannot carry progress", () => {
    const body = parseUpdateFundraiserRequest({ name: "Coats", goal: "10", progress: 999999, progressCents: 999999 });
    expect(body).not.toHaveProperty("progress");
    expect(body).not.toHaveProperty("progressCents");
    expect(parseUpdateFundraiserRequest({ _id: "abc", action: "end" })).toEqual({ _id: "abc", action: "end" });
  });
});

describe("managing fundraisers", () => {
  test("create, update, end and delete; the goal is stored in cents", async () => {
    const created = await createFundraiser({ actor: a.user, values: form({ name: "  Winter coats  ", goal: "5,000", startDate: "2026-12-01", endDate: "2027-01-31", description: "Coats for kids", topic: "Children" }) });
    expect(created).toMatchObject({ name: "Winter coats", goal: 500000, progress: 0, percent: 0, status: "active", organizationId: a.organizationId, endedAt: null });
    expect(await row(created._id)).toMatchObject({ goalCents: 500000, progressCents: 0, startDate: "2026-12-01", endDate: "2027-01-31", topic: "Children" });

    const updated = await updateFundraiser({ actor: a.user, campaignId: created._id, values: form({ name: "Warm winter coats", goal: "7500.25", topic: "" }) });
    expect(updated).toMatchObject({ _id: created._id, name: "Warm winter coats", goal: 750025, topic: null, startDate: null });

    const ended = await endFundraiser({ actor: a.user, campaignId: created._id });
    expect(ended.status).toBe("ended");
    expect(ended.endedAt).not.toBeNull();
    expect((await row(created._id))?.endedAt).toBeInstanceOf(Date);
    expect((await fail(endFundraiser({ actor: a.user, campaignId: created._id })))?.status).toBe(409);

    expect(await deleteFundraiser({ actor: a.user, organizationId: a.organizationId, fundraiserId: created._id })).toEqual({ deleted: true, _id: created._id, reassignedGifts: 0 });
    expect(await row(created._id)).toBeUndefined();
    expect((await fail(deleteFundraiser({ actor: a.user, organizationId: a.organizationId, fundraiserId: created._id })))?.status).toBe(404);
  });

  test("progress comes from donations only: saving the form never changes it", async () => {
    const c = await createFundraiser({ actor: a.user, values: form({ goal: "100" }) });
    // The donation effects maintain progress_cents.
    await h.db.update(fundraisers).set({ progressCents: 2550 }).where(eq(fundraisers.id, c._id));
    const values = parseUpdateFundraiserRequest({ _id: c._id, name: "Renamed", goal: "200", progress: 0, progressCents: 0 });
    if (values.action === "end") throw new Error("expected a save request");
    const updated = await updateFundraiser({ actor: a.user, campaignId: c._id, values: fundraiserValuesOf(values) });
    expect(updated).toMatchObject({ name: "Renamed", goal: 20000, progress: 2550, percent: 13 });
    expect((await row(c._id))?.progressCents).toBe(2550);
  });

  test("the owner's list has every fundraiser, newest first, with succeeded gift counts", async () => {
    const older = await createFundraiser({ actor: a.user, values: form({ name: "Older" }) });
    const newer = await createFundraiser({ actor: a.user, values: form({ name: "Newer" }) });
    const middle = await createFundraiser({ actor: a.user, values: form({ name: "Middle" }) });
    await h.db.update(fundraisers).set({ createdAt: new Date("2026-01-01T00:00:00Z") }).where(eq(fundraisers.id, older._id));
    await h.db.update(fundraisers).set({ createdAt: new Date("2026-03-01T00:00:00Z") }).where(eq(fundraisers.id, newer._id));
    await h.db.update(fundraisers).set({ createdAt: new Date("2026-02-01T00:00:00Z") }).where(eq(fundraisers.id, middle._id));
    await endFundraiser({ actor: a.user, campaignId: middle._id });
    await makeGift(h.db, a.organizationId, donor.id, { fundraiserId: newer._id });
    await makeGift(h.db, a.organizationId, donor.id, { fundraiserId: newer._id, status: "failed" });

    const mine = await listManagedFundraisers({ actor: a.user, organizationId: a.organizationId });
    const ids = mine.map((c) => c._id);
    expect(ids.indexOf(newer._id)).toBeLessThan(ids.indexOf(middle._id));
    expect(ids.indexOf(middle._id)).toBeLessThan(ids.indexOf(older._id));
    const times = mine.map((c) => Date.parse(c.createdAt));
    expect([...times].sort((x, y) => y - x)).toEqual(times);
    expect(mine.find((c) => c._id === newer._id)?.succeededGifts).toBe(1);
    expect(mine.find((c) => c._id === middle._id)?.status).toBe("ended");

    // The public list has only active fundraisers; the owner's API list has the ended one too.
    const publicList = await listFundraisersForViewer({ actor: null, organizationId: a.organizationId });
    expect(publicList.map((c) => c._id)).not.toContain(middle._id);
    expect(publicList.map((c) => c._id)).toContain(newer._id);
    expect(publicList[0]).not.toHaveProperty("succeededGifts");
    expect((await listFundraisersForViewer({ actor: a.user, organizationId: a.organizationId })).map((c) => c._id)).toContain(middle._id);
    expect((await listFundraisersForViewer({ actor: b.user, organizationId: a.organizationId })).map((c) => c._id)).not.toContain(middle._id);

    // One fundraiser: ended ones only for the owner.
    expect((await getFundraiser({ actor: null, fundraiserId: newer._id }))._id).toBe(newer._id);
    expect((await fail(getFundraiser({ actor: null, fundraiserId: middle._id })))?.status).toBe(404);
    expect((await getFundraiser({ actor: a.user, fundraiserId: middle._id })).status).toBe("ended");
    expect((await fail(getFundraiser({ actor: null, fundraiserId: "missing" })))?.status).toBe(404);

    // The existing public list keeps its behaviour.
    expect((await listOrganizationFundraisers({ organizationId: a.organizationId, activeOnly: true })).map((c) => c._id)).not.toContain(middle._id);
  });

  test("a hidden organization's fundraisers are not public", async () => {
    const hidden = await makeNonprofit(h.db, "Hidden Helpers");
    const c = await createFundraiser({ actor: hidden.user, values: form({ name: "Quiet drive" }) });
    await h.db.update(organizations).set({ live: false }).where(eq(organizations.id, hidden.organizationId));
    expect(await listFundraisersForViewer({ actor: null, organizationId: hidden.organizationId })).toEqual([]);
    expect((await fail(getFundraiser({ actor: donor, fundraiserId: c._id })))?.status).toBe(404);
    expect((await listFundraisersForViewer({ actor: hidden.user, organizationId: hidden.organizationId })).map((x) => x._id)).toEqual([c._id]);
  });

  test("deleting a fundraiser keeps its donations as direct donations", async () => {
    const c = await createFundraiser({ actor: a.user, values: form({ name: "Roof repair" }) });
    const gift = await makeGift(h.db, a.organizationId, donor.id, { fundraiserId: c._id, amountCents: 4000 });
    expect(await deleteFundraiser({ actor: a.user, organizationId: a.organizationId, fundraiserId: c._id })).toEqual({ deleted: true, _id: c._id, reassignedGifts: 1 });
    const [kept] = await h.db.select().from(donations).where(eq(donations.id, gift));
    expect(kept).toMatchObject({ id: gift, amountCents: 4000, status: "succeeded", fundraiserId: null, organizationId: a.organizationId });
  });

  test("organization B's user cannot change organization A's fundraiser; nothing changes", async () => {
    const c = await createFundraiser({ actor: a.user, values: form({ name: "Food boxes", goal: "300" }) });
    const before = await row(c._id);
    expect((await fail(updateFundraiser({ actor: b.user, campaignId: c._id, values: form({ name: "Hacked" }) })))?.status).toBe(404);
    expect((await fail(updateFundraiser({ actor: b.user, campaignId: c._id, values: form({ name: "Hacked" }), organizationId: a.organizationId })))?.status).toBe(403);
    expect((await fail(endFundraiser({ actor: b.user, campaignId: c._id })))?.status).toBe(404);
    expect((await fail(endFundraiser({ actor: b.user, campaignId: c._id, organizationId: a.organizationId })))?.status).toBe(403);
    expect((await fail(deleteFundraiser({ actor: b.user, organizationId: a.organizationId, fundraiserId: c._id })))?.status).toBe(403);
    expect((await fail(deleteFundraiser({ actor: b.user, organizationId: b.organizationId, fundraiserId: c._id })))?.status).toBe(404);
    expect((await fail(createFundraiser({ actor: b.user, values: form({ name: "Planted" }), organizationId: a.organizationId })))?.status).toBe(403);
    expect((await fail(listManagedFundraisers({ actor: b.user, organizationId: a.organizationId })))?.status).toBe(403);
    expect(await row(c._id)).toEqual(before);
    expect((await listManagedFundraisers({ actor: a.user, organizationId: a.organizationId })).map((x) => x.name)).not.toContain("Planted");
  });

  test("nobody is 401 and a donor is 403", async () => {
    const c = await createFundraiser({ actor: a.user, values: form({ name: "Library books" }) });
    expect((await fail(createFundraiser({ actor: null, values: form({}) })))?.status).toBe(401);
    expect((await fail(createFundraiser({ actor: donor, values: form({}) })))?.status).toBe(403);
    expect((await fail(updateFundraiser({ actor: donor, campaignId: c._id, values: form({ name: "x" }), organizationId: a.organizationId })))?.status).toBe(403);
    expect((await fail(deleteFundraiser({ actor: null, organizationId: a.organizationId, fundraiserId: c._id })))?.status).toBe(401);
    expect((await row(c._id))?.name).toBe("Library books");
  });

  test("a session that claims an organization its account does not belong to writes nothing", async () => {
    const c = await createFundraiser({ actor: a.user, values: form({ name: "School supplies" }) });
    const before = await row(c._id);
    const countOf = async (organizationId: string) => (await h.db.select({ id: fundraisers.id }).from(fundraisers).where(eq(fundraisers.organizationId, organizationId))).length;
    const beforeB = await countOf(b.organizationId);
    const foreign: Actor = { ...b.user, organizationId: a.organizationId };
    expect((await fail(updateFundraiser({ actor: foreign, campaignId: c._id, values: form({ name: "Hijacked" }) })))?.status).toBe(403);
    expect((await fail(endFundraiser({ actor: foreign, campaignId: c._id })))?.status).toBe(403);
    expect((await fail(deleteFundraiser({ actor: foreign, organizationId: a.organizationId, fundraiserId: c._id })))?.status).toBe(403);
    expect((await fail(createFundraiser({ actor: { ...a.user, organizationId: b.organizationId }, values: form({ name: "Stale" }) })))?.status).toBe(403);
    expect(await row(c._id)).toEqual(before);
    expect(await countOf(b.organizationId)).toBe(beforeB);
  });
});
