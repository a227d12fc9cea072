import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { listRecentDonations } from "@/lib/services/donations/list-recent-donations";
import { getDonorSummary, getPublicDonorProfile } from "@/lib/services/rewards/donor-rewards";
import { createImpactStory, listApprovedStories, listStoriesForReview, reviewImpactStory } from "@/lib/services/stories/impact-stories";
import { updateUserProfile } from "@/lib/services/users/user-preferences";
import { listHoursForReview, listMyVolunteerHours, logVolunteerHours, reviewVolunteerHours, volunteerHoursCsv } from "@/lib/services/volunteering/volunteer-hours";
import { recurringGifts, volunteerHours } from "@/models";
import { displayDonationStatus } from "@/lib/donations/labels";
import { listDonorGifts, listDonorRecurringGifts } from "./donation-history";
import { pdfLines } from "@/lib/receipts/testing";
import { buildGivingStatement, statementCsv, statementPdf } from "./giving-statement";
import { cancelRecurringGift, changeRecurringGiftAmount } from "@/lib/services/recurring/manage-recurring-gift";
import { makeDonor, makeGift, makeNonprofit } from "@/lib/testing/service-fixtures";

let h: DatabaseHandle;
let dana: Actor;
let eve: Actor;
let np: { organizationId: string; user: Actor };
let other: { organizationId: string; user: Actor };

beforeAll(async () => {
  h = await createTestDatabase();
  dana = await makeDonor("dana@example.org");
  eve = await makeDonor("eve@example.org");
  np = await makeNonprofit(h.db, "Vermont Foodbank");
  other = await makeNonprofit(h.db, "Lake Champlain Land Trust");
}, 120_000);
afterAll(() => h.close());

const err = (p: Promise<unknown>) => p.then(() => null, (e: { status: number; message: string }) => e);
const thisYear = new Date().getUTCFullYear();

describe("donation history and statements", () => {
  test("status display follows the spec", () => {
    expect(displayDonationStatus("failed")).toBe("Failed");
    expect(displayDonationStatus("requires_action")).toBe("Pending Verification");
    expect(displayDonationStatus(null)).toBe("Completed");
    expect(displayDonationStatus("succeeded")).toBe("Completed");
    expect(displayDonationStatus("refunded")).toBe("Refunded");
  });

  test("the owner sees every gift with receipt links; others get 404 and see nothing", async () => {
    await makeGift(h.db, np.organizationId, dana.id, { amountCents: 5000, createdAt: new Date(Date.UTC(thisYear, 2, 1)) });
    await makeGift(h.db, other.organizationId, dana.id, { amountCents: 1234, createdAt: new Date(Date.UTC(thisYear, 5, 1)) });
    await makeGift(h.db, np.organizationId, dana.id, { amountCents: 999, status: "failed", failureReason: "Your card was declined.", createdAt: new Date(Date.UTC(thisYear, 6, 1)) });
    await makeGift(h.db, np.organizationId, dana.id, { amountCents: 7000, createdAt: new Date(Date.UTC(thisYear - 1, 11, 31, 23, 59)) });
    await makeGift(h.db, np.organizationId, eve.id, { amountCents: 100 });

    const gifts = await listDonorGifts({ actor: dana, donorId: dana.id });
    expect(gifts.map((g) => g.amountCents)).toEqual([999, 1234, 5000, 7000]);
    expect(gifts[0]).toMatchObject({ statusLabel: "Failed", failureReason: "Your card was declined.", receiptUrl: null, fundraiser: "Direct Donation" });
    expect(gifts[1]!.receiptUrl).toBe(`/api/receipts/${gifts[1]!.id}`);
    expect((await err(listDonorGifts({ actor: eve, donorId: dana.id })))?.status).toBe(404);
    expect((await err(listDonorGifts({ actor: np.user, donorId: dana.id })))?.status).toBe(404);
    expect((await err(listDonorGifts({ actor: null, donorId: dana.id })))?.status).toBe(401);
  });

  test("the year-end statement covers completed gifts of that UTC year across nonprofits", async () => {
    const s = await buildGivingStatement({ actor: dana, donorId: dana.id, year: thisYear });
    expect(s.totalCents).toBe(6234);
    expect(s.byOrganization.map((g) => [g.organization, g.totalCents])).toEqual([
      ["Lake Champlain Land Trust", 1234],
      ["Vermont Foodbank", 5000],
    ]);
    const csv = statementCsv(s);
    expect(csv.split("\n")[0]).toBe("Date,Organization,Legal name,EIN,Fundraiser,Amount USD,Donation ID");
    expect(csv).toContain(`${thisYear}-03-01,Vermont Foodbank,`);
    expect(csv).toContain("Total,,,,,62.34,");
    const pdf = await statementPdf({ statement: s });
    expect(pdf.subarray(0, 5).toString()).toBe("%PDF-");
    // Read back as text: the letterhead, each nonprofit's deductibility in plain words, every donation id whole on one line.
    const text = await pdfLines(pdf);
    expect(text[0]).toBe("Givebridge");
    expect(text.join(" ")).toMatch(/are (not )?tax-deductible as charitable contributions|no deductibility status on file/);
    for (const l of s.lines) expect(text.some((line) => line.includes(l.donationId))).toBe(true);
    expect((await buildGivingStatement({ actor: dana, donorId: dana.id, year: thisYear - 1 })).totalCents).toBe(7000);
    expect((await err(buildGivingStatement({ actor: eve, donorId: dana.id, year: thisYear })))?.status).toBe(404);
  });

  test("recurring gifts: change amount and cancel, only the owner's", async () => {
    const [gift] = await h.db.insert(recurringGifts).values({ donorUserId: dana.id, organizationId: np.organizationId, amountCents: 2000, provider: "sandbox" }).returning({ id: recurringGifts.id });
    expect((await err(changeRecurringGiftAmount({ actor: eve, giftId: gift!.id, amountCents: 9900 })))?.status).toBe(404);
    expect((await err(cancelRecurringGift({ actor: eve, giftId: gift!.id })))?.status).toBe(404);
    expect(await changeRecurringGiftAmount({ actor: dana, giftId: gift!.id, amountCents: 3000 })).toEqual({ amountCents: 3000 });
    const [list] = await listDonorRecurringGifts({ actor: dana, donorId: dana.id });
    expect(list).toMatchObject({ amountCents: 3000, status: "active", organization: "Vermont Foodbank" });
    expect(await cancelRecurringGift({ actor: dana, giftId: gift!.id })).toEqual({ status: "canceled" });
    expect((await err(changeRecurringGiftAmount({ actor: dana, giftId: gift!.id, amountCents: 4000 })))?.status).toBe(409);
    const [row] = await h.db.select({ a: recurringGifts.amountCents, s: recurringGifts.status }).from(recurringGifts).where(eq(recurringGifts.id, gift!.id));
    expect(row).toEqual({ a: 3000, s: "canceled" });
  });

  test("canceling from the donor area also drops a pending retry and a pause, so no charge run picks the gift up", async () => {
    const later = new Date(Date.now() + 7 * 86_400_000);
    const [gift] = await h.db
      .insert(recurringGifts)
      .values({ donorUserId: dana.id, organizationId: np.organizationId, amountCents: 2500, provider: "sandbox", retryPeriod: "2026-01-01", retryAt: later, pausedUntil: later })
      .returning({ id: recurringGifts.id });
    expect(await cancelRecurringGift({ actor: dana, giftId: gift!.id })).toEqual({ status: "canceled" });
    const [row] = await h.db
      .select({ s: recurringGifts.status, retryAt: recurringGifts.retryAt, pausedUntil: recurringGifts.pausedUntil, next: recurringGifts.nextChargeAt })
      .from(recurringGifts)
      .where(eq(recurringGifts.id, gift!.id));
    expect(row).toEqual({ s: "canceled", retryAt: null, pausedUntil: null, next: null });
  });
});

describe("volunteer hours", () => {
  test("a donor logs hours; only that nonprofit verifies them; totals split verified and pending", async () => {
    const a = await logVolunteerHours({ actor: dana, input: { organizationId: np.organizationId, date: `${thisYear}-01-15`, hours: 2.5, description: "Sorted food" } });
    const b = await logVolunteerHours({ actor: dana, input: { organizationId: np.organizationId, date: `${thisYear}-01-16`, hours: 1, description: "Drove the van" } });
    expect(a).toMatchObject({ minutes: 150, status: "pending", organization: "Vermont Foodbank" });
    expect((await err(logVolunteerHours({ actor: np.user, input: { organizationId: np.organizationId, date: `${thisYear}-01-15`, hours: 1, description: "x" } })))?.status).toBe(403);
    expect((await err(logVolunteerHours({ actor: dana, input: { organizationId: np.organizationId, date: "2999-01-01", hours: 1, description: "x" } })))?.status).toBe(422);

    expect((await err(reviewVolunteerHours({ actor: other.user, entryId: a.id, status: "approved" })))?.status).toBe(404);
    expect((await err(reviewVolunteerHours({ actor: eve, entryId: a.id, status: "approved" })))?.status).toBe(403);
    const [unchanged] = await h.db.select({ s: volunteerHours.status }).from(volunteerHours).where(eq(volunteerHours.id, a.id));
    expect(unchanged!.s).toBe("pending");

    expect(await reviewVolunteerHours({ actor: np.user, entryId: a.id, status: "approved" })).toEqual({ id: a.id, status: "approved" });
    await reviewVolunteerHours({ actor: np.user, entryId: b.id, status: "declined" });
    await logVolunteerHours({ actor: dana, input: { organizationId: other.organizationId, date: `${thisYear}-02-01`, hours: 3, description: "Trail work" } });
    const mine = await listMyVolunteerHours({ actor: dana });
    expect(mine.verifiedMinutes).toBe(150);
    expect(mine.pendingMinutes).toBe(180);
    expect(mine.totals).toEqual([
      { organization: "Lake Champlain Land Trust", year: thisYear, verifiedMinutes: 0, pendingMinutes: 180 },
      { organization: "Vermont Foodbank", year: thisYear, verifiedMinutes: 150, pendingMinutes: 0 },
    ]);
    const csv = await volunteerHoursCsv({ actor: dana });
    expect(csv).toContain(`${thisYear}-01-15,Vermont Foodbank,2.50,Verified,Sorted food`);
    expect((await listMyVolunteerHours({ actor: eve })).entries).toEqual([]);
  });
});

describe("impact stories", () => {
  test("only supporters write; approval by that nonprofit makes a story public", async () => {
    expect((await err(createImpactStory({ actor: eve, input: { organizationId: other.organizationId, title: "Hi", body: "Never gave" } })))?.status).toBe(403);
    const story = await createImpactStory({ actor: dana, input: { organizationId: np.organizationId, title: "Meals for all", body: "I saw the pantry." } });
    expect(await listApprovedStories({ organizationId: np.organizationId })).toEqual([]);
    expect((await err(reviewImpactStory({ actor: other.user, storyId: story.id, status: "approved" })))?.status).toBe(404);
    expect((await err(reviewImpactStory({ actor: dana, storyId: story.id, status: "approved" })))?.status).toBe(403);
    await reviewImpactStory({ actor: np.user, storyId: story.id, status: "approved" });
    const pub = await listApprovedStories({ organizationId: np.organizationId });
    expect(pub).toHaveLength(1);
    expect(pub[0]).toMatchObject({ title: "Meals for all", author: "A Givebridge donor" });
  });
});

describe("rewards and summary", () => {
  test("points from completed gifts and verified hours; level and badges", async () => {
    const s = await getDonorSummary({ actor: dana, donorId: dana.id });
    expect(s.givenThisYearCents).toBe(6234);
    expect(s.verifiedMinutes).toBe(150);
    // 62 + 70 whole dollars = 132 points + 2.5 verified hours * 10 = 25 -> 157
    expect(s.rewards.points).toBe(132 + 25);
    expect(s.rewards.level).toBe("Sprout");
    const earned = s.rewards.badges.filter((b) => b.earned).map((b) => b.id);
    expect(earned).toEqual(["first-gift", "first-shift", "storyteller"]);
    expect((await err(getDonorSummary({ actor: eve, donorId: dana.id })))?.status).toBe(403);
  });

  test("the public donor page shows the level and earned badges, the name only when shared, never amounts", async () => {
    const hidden = await getPublicDonorProfile({ donorId: dana.id });
    expect(hidden.displayName).toBe("A Givebridge donor");
    expect(hidden.profileImg).toBeNull();
    expect(hidden.level).toBe("Sprout");
    expect(hidden.badges.map((b) => b.id)).toEqual(["first-gift", "first-shift", "storyteller"]);
    expect(JSON.stringify(hidden)).not.toMatch(/points|Cents|62|157/);

    await updateUserProfile({ actor: dana, input: { _id: dana.id, firstName: "Dana", lastName: "Donor", organization_company: "", ShareMyPrivateInfo: { name: true, email: false, telephone: false, location: false, gender: false, age: false } } });
    expect((await getPublicDonorProfile({ donorId: dana.id })).displayName).toBe("Dana Donor");

    expect((await err(getPublicDonorProfile({ donorId: np.user.id })))?.status).toBe(404);
    expect((await err(getPublicDonorProfile({ donorId: "no-such-user" })))?.status).toBe(404);
  });
});

describe("privacy: a nonprofit sees only what the donor shared", () => {
  const fields = ["name", "email", "telephone", "location", "gender", "age"] as const;
  test("every sharing combination, through every nonprofit-facing view", async () => {
    // Four organizations, so that every gift fits in the nonprofit's list (at most 50 rows).
    const orgs = [await makeNonprofit(h.db, "Privacy Test Org"), await makeNonprofit(h.db, "Privacy Org B"), await makeNonprofit(h.db, "Privacy Org C"), await makeNonprofit(h.db, "Privacy Org D")];
    const { organizationId, user } = orgs[0]!;
    let n = 0;
    const secrets = { name: "Secret Name", email: "secret@example.org", telephone: "8025559999", city: "Secretville", state: "ZZ", gender: "secret-gender" };
    for (let mask = 0; mask < 64; mask++) {
      const share = Object.fromEntries(fields.map((f, i) => [f, Boolean(mask & (1 << i))])) as Record<(typeof fields)[number], boolean>;
      for (const anonymous of [false, true]) {
        await makeGift(h.db, orgs[n++ % 4]!.organizationId, null, {
          anonymous,
          donorName: secrets.name,
          donorEmail: secrets.email,
          donorTelephone: secrets.telephone,
          donorCity: secrets.city,
          donorState: secrets.state,
          donorGender: secrets.gender,
          donorAgeRange: 4,
          shareName: share.name,
          shareEmail: share.email,
          shareTelephone: share.telephone,
          shareLocation: share.location,
          shareGender: share.gender,
          shareAge: share.age,
          metadata: { mask: String(mask), anonymous: String(anonymous) },
        });
      }
    }
    const recent = (await Promise.all(orgs.map((o) => listRecentDonations({ actor: o.user, organizationId: o.organizationId, limit: 50 })))).flat();
    expect(recent).toHaveLength(128);
    const all = await h.db.query.donations.findMany({ columns: { id: true, shareName: true, shareEmail: true, shareTelephone: true, shareLocation: true, shareGender: true, shareAge: true, anonymous: true } });
    const byId = new Map(all.map((d) => [d.id, d]));
    for (const r of recent) {
      const d = byId.get(r.id)!;
      const text = JSON.stringify(r);
      if (!d.shareName || d.anonymous) expect(text).not.toContain(secrets.name);
      if (!d.shareEmail || d.anonymous) expect(text).not.toContain(secrets.email);
      if (!d.shareTelephone || d.anonymous) expect(text).not.toContain(secrets.telephone);
      if (!d.shareLocation || d.anonymous) expect(text).not.toMatch(/Secretville|"ZZ"/);
      if (!d.shareGender || d.anonymous) expect(text).not.toContain(secrets.gender);
    }

    // Volunteer hours and stories: name and email only when the donor's preferences share them.
    for (const mask of [0, 1, 2, 3]) {
      const v = await makeDonor(`vol${mask}@example.org`);
      await updateUserProfile({ actor: v, input: {
        _id: v.id,
        firstName: "Hidden",
        lastName: `Volunteer${mask}`,
        organization_company: "",
        ShareMyPrivateInfo: { name: Boolean(mask & 1), email: Boolean(mask & 2), telephone: false, location: false, gender: false, age: false },
        address: { city: "Secretville", state: "ZZ" },
        telephone: "8025559999",
      } });
      await logVolunteerHours({ actor: v, input: { organizationId, date: `${thisYear}-01-02`, hours: 1, description: `shift ${mask}` } });
      await createImpactStory({ actor: v, input: { organizationId, title: `story ${mask}`, body: "text" } });
    }
    const hours = await listHoursForReview({ actor: user });
    const stories = await listStoriesForReview({ actor: user });
    for (const mask of [0, 1, 2, 3]) {
      const hv = hours.find((x) => x.description === `shift ${mask}`)!;
      const st = stories.find((x) => x.title === `story ${mask}`)!;
      for (const row of [hv, st]) {
        expect(row.donorName).toBe(mask & 1 ? `Hidden Volunteer${mask}` : null);
        expect(row.donorEmail).toBe(mask & 2 ? `vol${mask}@example.org` : null);
        expect(JSON.stringify(row)).not.toMatch(/Secretville|8025559999/);
      }
    }
    for (const s of await (async () => {
      await Promise.all(stories.map((s) => reviewImpactStory({ actor: user, storyId: s.id, status: "approved" })));
      return listApprovedStories({ organizationId, limit: 50 });
    })()) {
      const mask = Number(s.title.split(" ")[1]);
      expect(s.author).toBe(mask & 1 ? `Hidden Volunteer${mask}` : "A Givebridge donor");
      expect(JSON.stringify(s)).not.toContain("@example.org");
    }
  }, 180_000);
});
