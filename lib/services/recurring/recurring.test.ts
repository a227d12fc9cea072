import { makeGift } from "@/lib/testing/service-fixtures";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { and, asc, eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { setEnvForTests } from "@/lib/env";
import { stopMailQueue } from "@/lib/mail/queue";
import { startCheckout } from "@/lib/services/donations/start-checkout";
import { checkoutSchema } from "@/lib/validations/donation";
import { messages } from "@/lib/validations/messages";
import { fundraisers, donations, organizations, payments, recurringGifts } from "@/models";
import { chargeDueRecurringGifts, recurringIdempotencyKey } from "./charge-recurring-gifts";
import { addMonthsUtc, nextChargeDate, periodDate } from "@/lib/time/recurring-dates";

describe("calendar months in UTC", () => {
  const d = (s: string) => new Date(s);
  test("Jan 31 -> Feb 28, or Feb 29 in a leap year; the anchor day comes back in longer months", () => {
    expect(addMonthsUtc(d("2027-01-31T09:15:00Z"), 1).toISOString()).toBe("2027-02-28T09:15:00.000Z");
    expect(addMonthsUtc(d("2028-01-31T09:15:00Z"), 1).toISOString()).toBe("2028-02-29T09:15:00.000Z");
    expect(addMonthsUtc(d("2027-02-28T09:15:00Z"), 1, 31).toISOString()).toBe("2027-03-31T09:15:00.000Z");
    expect(addMonthsUtc(d("2027-03-31T00:00:00Z"), 1).toISOString()).toBe("2027-04-30T00:00:00.000Z");
    expect(addMonthsUtc(d("2026-12-31T23:59:59Z"), 1).toISOString()).toBe("2027-01-31T23:59:59.000Z");
    expect(addMonthsUtc(d("2026-11-15T12:00:00Z"), 3).toISOString()).toBe("2027-02-15T12:00:00.000Z");
  });

  test("the next charge follows the anchor day and skips periods already past", () => {
    expect(nextChargeDate(d("2027-01-31T10:00:00Z"), 31).toISOString()).toBe("2027-02-28T10:00:00.000Z");
    expect(nextChargeDate(d("2027-02-28T10:00:00Z"), 31).toISOString()).toBe("2027-03-31T10:00:00.000Z");
    expect(nextChargeDate(d("2027-01-31T10:00:00Z"), 31, d("2027-05-01T00:00:00Z")).toISOString()).toBe("2027-05-31T10:00:00.000Z");
    expect(periodDate(d("2027-02-28T23:30:00Z"))).toBe("2027-02-28");
  });
});

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-recurring-"));
let h: DatabaseHandle;
let organizationId = "";
let fundraiserId = "";

beforeAll(async () => {
  setEnvForTests({ DATA_DIR: dataDir, NEXTAUTH_SECRET: "test-secret-for-recurring-0123456789" });
  h = await createTestDatabase();
  const [org] = await h.db
    .insert(organizations)
    .values({ name: "Green Mountain Shelter", ein: "030299001", email: "gifts@gms.example", city: "Rutland", state: "VT", irsDeductibility: "1", claimed: true, sandboxConnectedAt: new Date(), paypalMerchantId: "GMSPAYPAL1" })
    .returning({ id: organizations.id });
  organizationId = org!.id;
  const [c] = await h.db.insert(fundraisers).values({ organizationId, name: "Warm Beds", goalCents: 5_000_000 }).returning({ id: fundraisers.id });
  fundraiserId = c!.id;
});

afterAll(async () => {
  await stopMailQueue();
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  setEnvForTests({ DATA_DIR: undefined });
});

const progress = async () => (await h.db.select({ p: fundraisers.progressCents }).from(fundraisers).where(eq(fundraisers.id, fundraiserId)))[0]!.p;
const mailJobs = async () => {
  const r = (await h.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'mail'`)) as unknown as { rows: { n: number }[] };
  return Number(r.rows[0]!.n);
};
/** The gifts of recurring gift `giftId`, oldest first, each with its payment's key and effects marker. */
const giftRows = async (giftId: string) =>
  (
    await h.db
      .select({ gift: donations, idempotencyKey: payments.idempotencyKey, effectsAppliedAt: payments.effectsAppliedAt })
      .from(donations)
      .innerJoin(payments, eq(payments.id, donations.paymentId))
      .where(eq(donations.recurringGiftId, giftId))
      .orderBy(asc(donations.createdAt))
  ).map((r) => ({ ...r.gift, idempotencyKey: r.idempotencyKey, effectsAppliedAt: r.effectsAppliedAt }));
const giftOf = async (giftId: string) => (await h.db.select().from(recurringGifts).where(eq(recurringGifts.id, giftId)))[0]!;

/** A monthly gift made through the checkout, its next charge moved to `due`. */
async function monthlyGift(amountCents: number, card = "4242 4242 4242 4242", moveDue = true) {
  const due = new Date(Date.now() - 60 * 60_000);
  const res = await startCheckout({ actor: null, input: checkoutSchema().parse({
    idempotencyKey: randomUUID(),
    organizationId,
    campaignId: fundraiserId,
    amountCents,
    frequency: "month",
    name: "Monty Monthly",
    email: "monty@example.org",
    share: { name: true },
    card: { number: card, expiry: "12/34", cvc: "123" },
    // Several gifts of one donor to one fundraiser, on purpose.
    confirmDuplicate: true,
  }) });
  const [d] = await h.db.select({ giftId: donations.recurringGiftId }).from(donations).where(eq(donations.id, res.donationId));
  const giftId = d!.giftId!;
  if (moveDue) await h.db.update(recurringGifts).set({ nextChargeAt: due }).where(eq(recurringGifts.id, giftId));
  return { giftId, first: res, due };
}

describe("charging recurring gifts", () => {
  test("the checkout schedules the next charge one calendar month ahead", async () => {
    const { giftId } = await monthlyGift(1_000, "4242 4242 4242 4242", false);
    const gift = await giftOf(giftId);
    expect(gift.status).toBe("active");
    expect(gift.nextChargeAt!.toISOString()).toBe(addMonthsUtc(gift.createdAt, 1).toISOString());
    await h.db.update(recurringGifts).set({ status: "canceled" }).where(eq(recurringGifts.id, giftId));
  });

  test("a due gift is charged once even when the job runs twice concurrently, then again only next month", async () => {
    const { giftId, due } = await monthlyGift(1_500);
    const before = await progress();
    const jobsBefore = await mailJobs();
    await Promise.all([chargeDueRecurringGifts(), chargeDueRecurringGifts()]);
    const rows = await giftRows(giftId);
    expect(rows).toHaveLength(2);
    const period = rows[1]!;
    expect(period.status).toBe("succeeded");
    expect(period.idempotencyKey).toBe(recurringIdempotencyKey({ giftId, periodStart: due }));
    expect(period.metadata).toMatchObject({ kind: "recurring", period: periodDate(due) });
    expect(period.donorEmail).toBe("monty@example.org");
    expect(period.shareName).toBe(true);
    expect(period.effectsAppliedAt).not.toBeNull();
    expect(await progress()).toBe(before + 1_500);
    // Receipt, nonprofit notification and platform copy, once.
    expect(await mailJobs()).toBe(jobsBefore + 3);
    const gift = await giftOf(giftId);
    expect(gift.nextChargeAt!.toISOString()).toBe(nextChargeDate(due, gift.createdAt.getUTCDate()).toISOString());

    await chargeDueRecurringGifts();
    expect(await giftRows(giftId)).toHaveLength(2);
    // Next month's run charges the next period.
    await chargeDueRecurringGifts({ now: new Date(gift.nextChargeAt!.getTime() + 1_000) });
    expect(await giftRows(giftId)).toHaveLength(3);
    expect(await progress()).toBe(before + 3_000);
  });

  test("a repeated run for a period already charged makes no second donation", async () => {
    const { giftId, due } = await monthlyGift(2_000);
    await chargeDueRecurringGifts();
    const before = await progress();
    // As if the advance had been lost: the same period is due again.
    await h.db.update(recurringGifts).set({ nextChargeAt: due }).where(eq(recurringGifts.id, giftId));
    await Promise.all([chargeDueRecurringGifts(), chargeDueRecurringGifts()]);
    const rows = await giftRows(giftId);
    expect(rows.filter((r) => r.idempotencyKey === recurringIdempotencyKey({ giftId, periodStart: due }))).toHaveLength(1);
    expect(rows).toHaveLength(2);
    expect(await progress()).toBe(before);
  });

  test("a canceled gift is never charged", async () => {
    const { giftId } = await monthlyGift(2_500);
    await h.db.update(recurringGifts).set({ status: "canceled", canceledAt: new Date() }).where(eq(recurringGifts.id, giftId));
    const before = await progress();
    await chargeDueRecurringGifts();
    expect(await giftRows(giftId)).toHaveLength(1);
    expect(await progress()).toBe(before);
  });

  test("a gift whose first payment was declined is canceled, not charged", async () => {
    const { giftId, first } = await monthlyGift(2_600, "4000 0000 0000 0002");
    expect(first.status).toBe("failed");
    await chargeDueRecurringGifts();
    expect(await giftRows(giftId)).toHaveLength(1);
    expect((await giftOf(giftId)).status).toBe("canceled");
  });

  test("a period left pending by a run that died is submitted again once by a later run", async () => {
    const { giftId, due } = await monthlyGift(2_700);
    const before = await progress();
    // The first run recorded the period and advanced the gift, then died before the provider answered.
    const id = randomUUID();
    const [first] = await giftRows(giftId);
    await makeGift(h.db, organizationId, null, {
      id,
      fundraiserId,
      recurringGiftId: giftId,
      amountCents: 2_700,
      status: "pending",
      providerPaymentId: `sbpi_${id}`,
      idempotencyKey: recurringIdempotencyKey({ giftId, periodStart: due }),
      donorEmail: first!.donorEmail,
      metadata: { frequency: "month", kind: "recurring", period: periodDate(due) },
      createdAt: new Date(Date.now() - 10 * 60_000),
    });
    await h.db.update(recurringGifts).set({ nextChargeAt: addMonthsUtc(due, 1) }).where(eq(recurringGifts.id, giftId));
    await Promise.all([chargeDueRecurringGifts(), chargeDueRecurringGifts()]);
    await chargeDueRecurringGifts();
    const [row] = await h.db.select().from(donations).where(eq(donations.id, id));
    expect(row!.status).toBe("succeeded");
    expect(await giftRows(giftId)).toHaveLength(2);
    expect(await progress()).toBe(before + 2_700);
  });

  test("a provider that cannot charge off-session records the period as failed with the reason", async () => {
    const due = new Date(Date.now() - 60_000);
    const [gift] = await h.db
      .insert(recurringGifts)
      .values({ organizationId, fundraiserId, amountCents: 3_300, provider: "paypal", nextChargeAt: due })
      .returning({ id: recurringGifts.id });
    await makeGift(h.db, organizationId, null, {
      fundraiserId,
      recurringGiftId: gift!.id,
      amountCents: 3_300,
      status: "succeeded",
      succeededAt: new Date(),
      provider: "paypal",
      paymentMethodType: "paypal",
      providerPaymentId: "5O190127TN364715T",
      idempotencyKey: randomUUID(),
      donorEmail: "pat@example.org",
    });
    const before = await progress();
    const run = await chargeDueRecurringGifts();
    expect(run.failed).toBeGreaterThanOrEqual(1);
    const rows = await giftRows(gift!.id);
    expect(rows).toHaveLength(2);
    expect(rows[1]!.status).toBe("failed");
    expect(rows[1]!.failureReason).toBe(messages.recurringGifts.paypalNotSupported);
    expect(await progress()).toBe(before);
    expect((await giftOf(gift!.id)).status).toBe("active");
  });

  test("a gift to a fundraiser that has ended is canceled", async () => {
    const [c] = await h.db.insert(fundraisers).values({ organizationId, name: "Spring Drive", goalCents: 100_000 }).returning({ id: fundraisers.id });
    const res = await startCheckout({ actor: null, input: checkoutSchema().parse({
      idempotencyKey: randomUUID(),
      organizationId,
      campaignId: c!.id,
      amountCents: 1_100,
      frequency: "month",
      name: "Eve Ended",
      email: "eve@example.org",
      card: { number: "4242424242424242", expiry: "12/34", cvc: "123" },
    }) });
    const [d] = await h.db.select({ giftId: donations.recurringGiftId }).from(donations).where(eq(donations.id, res.donationId));
    await h.db.update(recurringGifts).set({ nextChargeAt: new Date(Date.now() - 1_000) }).where(eq(recurringGifts.id, d!.giftId!));
    await h.db.update(fundraisers).set({ status: "ended" }).where(eq(fundraisers.id, c!.id));
    await chargeDueRecurringGifts();
    expect(await h.db.select().from(donations).where(and(eq(donations.recurringGiftId, d!.giftId!)))).toHaveLength(1);
    expect((await giftOf(d!.giftId!)).status).toBe("canceled");
  });
});
