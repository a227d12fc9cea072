import { makeGift } from "@/lib/testing/service-fixtures";
import { queuedMail } from "@/lib/testing/queued-mail";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { setEnvForTests } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { stopMailQueue } from "@/lib/mail/queue";
import { startCheckout } from "@/lib/services/donations/start-checkout";
import { checkoutSchema } from "@/lib/validations/donation";
import { messages } from "@/lib/validations/messages";
import { cancelRecurringSchema, manageRecurringSchema } from "@/lib/validations/recurring";
import { fundraisers, donations, organizations, payments, recurringGifts, users } from "@/models";
import { chargeDueRecurringGifts, sendChargeReminders } from "./charge-recurring-gifts";
import { periodDate } from "@/lib/time/recurring-dates";
import { RETRY_AFTER_DAYS } from "./failures";
import { checkRecurringManageToken, MANAGE_LINK_TTL_MS, recurringManageToken } from "@/lib/auth/recurring-manage-link";
import { cancelManagedRecurringGift, getManagedRecurringGift, manageRecurringGift, updateAllRecurringPaymentMethods } from "./manage-recurring-gift";
import { sendYearEndStatements } from "./year-end-statements";

const DAY = 24 * 60 * 60 * 1000;
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-recurring-self-"));
let h: DatabaseHandle;
let organizationId = "";
let fundraiserId = "";

beforeAll(async () => {
  setEnvForTests({ DATA_DIR: dataDir, NEXTAUTH_SECRET: "test-secret-for-recurring-self-service-0123", DONATION_MAX_CENTS: "2500000" });
  h = await createTestDatabase();
  const [org] = await h.db
    .insert(organizations)
    .values({ name: "Lake Champlain Food Shelf", ein: "030299002", email: "gifts@lcfs.example", city: "Burlington", state: "VT", irsDeductibility: "1", claimed: true, sandboxConnectedAt: new Date() })
    .returning({ id: organizations.id });
  organizationId = org!.id;
  const [c] = await h.db.insert(fundraisers).values({ organizationId, name: "Winter Meals", goalCents: 5_000_000 }).returning({ id: fundraisers.id });
  fundraiserId = c!.id;
});

afterAll(async () => {
  await stopMailQueue();
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  setEnvForTests({ DATA_DIR: undefined, DONATION_MAX_CENTS: undefined });
});

/** Mail jobs queued for `to`, oldest first. */
const mailsTo = (to: string): Promise<{ subject: string; text: string }[]> => queuedMail(h.db, to);
const giftOf = async (id: string) => (await h.db.select().from(recurringGifts).where(eq(recurringGifts.id, id)))[0]!;
/** The gifts of recurring gift `id`, oldest first, each with its payment's idempotency key. */
const rowsOf = async (id: string) =>
  (
    await h.db
      .select({ gift: donations, idempotencyKey: payments.idempotencyKey })
      .from(donations)
      .innerJoin(payments, eq(payments.id, donations.paymentId))
      .where(eq(donations.recurringGiftId, id))
      .orderBy(asc(donations.createdAt))
  ).map((r) => ({ ...r.gift, idempotencyKey: r.idempotencyKey }));

async function monthly(email: string, options: { amountCents?: number; fundraiser?: string | null; actor?: Actor | null; confirmDuplicate?: boolean } = {}) {
  const res = await startCheckout({ actor: options.actor ?? null, input: checkoutSchema().parse({
    idempotencyKey: randomUUID(),
    organizationId,
    campaignId: options.fundraiser === undefined ? fundraiserId : options.fundraiser,
    amountCents: options.amountCents ?? 2_000,
    frequency: "month",
    name: "Gita Guest",
    email,
    card: { number: "4242 4242 4242 4242", expiry: "12/34", cvc: "123" },
    confirmDuplicate: options.confirmDuplicate,
  }) });
  const [d] = await h.db.select({ giftId: donations.recurringGiftId }).from(donations).where(eq(donations.id, res.donationId));
  return { giftId: d!.giftId!, token: recurringManageToken(d!.giftId!) };
}

const put = (giftId: string, token: string | null, body: Record<string, unknown>, now?: Date) =>
  manageRecurringGift({ giftId, access: { token }, input: manageRecurringSchema(2_500_000).parse({ ...body, token: token ?? undefined }), now });

async function rejects(p: Promise<unknown>, code: AppError["code"], message?: string) {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  );
  expect(err).toBeInstanceOf(AppError);
  expect((err as AppError).code).toBe(code);
  if (message) expect((err as AppError).message).toBe(message);
}

describe("the signed manage link", () => {
  test("a token opens its gift only, until it expires; any change to it is refused", () => {
    const now = new Date("2027-03-01T12:00:00Z");
    const token = recurringManageToken("gift-a", now);
    expect(checkRecurringManageToken("gift-a", token, now)).toBe("valid");
    expect(checkRecurringManageToken("gift-a", token, new Date(now.getTime() + MANAGE_LINK_TTL_MS - 1_000))).toBe("valid");
    expect(checkRecurringManageToken("gift-a", token, new Date(now.getTime() + MANAGE_LINK_TTL_MS + 1_000))).toBe("expired");
    expect(checkRecurringManageToken("gift-b", token, now)).toBe("invalid");
    const [exp, sig] = token.split(".");
    // Extending the expiry, or altering the signature, breaks it.
    expect(checkRecurringManageToken("gift-a", `${Number(exp) + 86_400}.${sig}`, now)).toBe("invalid");
    const flipped = sig!.slice(0, -1) + (sig!.endsWith("A") ? "B" : "A");
    expect(checkRecurringManageToken("gift-a", `${exp}.${flipped}`, now)).toBe("invalid");
    expect(checkRecurringManageToken("gift-a", "", now)).toBe("invalid");
    expect(checkRecurringManageToken("gift-a", undefined, now)).toBe("invalid");
  });

  test("the monthly gift's receipt carries the manage link", async () => {
    const email = "receipt-link@example.org";
    const { giftId } = await monthly(email);
    const [receipt] = await mailsTo(email);
    expect(receipt!.subject).toMatch(/Your donation receipt/);
    const link = /\/recurring\/([^?\s]+)\?token=(\S+)/.exec(receipt!.text);
    expect(link?.[1]).toBe(giftId);
    expect(checkRecurringManageToken(giftId, link![2])).toBe("valid");
  });

  test("an expired or tampered token, or a token of another gift, reads and changes nothing", async () => {
    const a = await monthly("guest-a@example.org", { amountCents: 1_500 });
    const b = await monthly("guest-b@example.org", { amountCents: 2_500 });
    const view = await getManagedRecurringGift({ giftId: a.giftId, access: { token: a.token } });
    expect(view.amountCents).toBe(1_500);
    await rejects(getManagedRecurringGift({ giftId: b.giftId, access: { token: a.token } }), "forbidden", messages.recurringManage.linkInvalid);
    await rejects(put(b.giftId, a.token, { action: "amount", amountCents: 100 }), "forbidden");
    await rejects(cancelManagedRecurringGift({ giftId: b.giftId, access: { token: a.token } }), "forbidden");
    const old = recurringManageToken(a.giftId, new Date(Date.now() - MANAGE_LINK_TTL_MS - DAY));
    await rejects(put(a.giftId, old, { action: "amount", amountCents: 100 }), "forbidden", messages.recurringManage.linkExpired);
    await rejects(put(a.giftId, a.token.slice(0, -2) + "xx", { action: "amount", amountCents: 100 }), "forbidden");
    await rejects(put(a.giftId, null, { action: "amount", amountCents: 100 }), "unauthenticated");
    expect((await giftOf(b.giftId)).amountCents).toBe(2_500);
    expect((await giftOf(b.giftId)).status).toBe("active");
    expect((await giftOf(a.giftId)).amountCents).toBe(1_500);
  });
});

describe("manage actions", () => {
  test("change the amount, within a one-time gift's limits", async () => {
    const { giftId, token } = await monthly("amount@example.org");
    const view = await put(giftId, token, { action: "amount", amountCents: 3_750 });
    expect(view.amountCents).toBe(3_750);
    expect((await giftOf(giftId)).amountCents).toBe(3_750);
    expect(() => manageRecurringSchema(2_500_000).parse({ action: "amount", amountCents: 99 })).toThrow(messages.donation.amountMin);
    expect(() => manageRecurringSchema(2_500_000).parse({ action: "amount", amountCents: 2_500_001 })).toThrow();
    // The server's limit holds even when the schema was built with a larger one.
    setEnvForTests({ DONATION_MAX_CENTS: "5000" });
    try {
      await rejects(manageRecurringGift({ giftId, access: { token }, input: manageRecurringSchema(9_999_999).parse({ action: "amount", amountCents: 6_000 }) }), "validation");
    } finally {
      setEnvForTests({ DONATION_MAX_CENTS: "2500000" });
    }
    expect((await giftOf(giftId)).amountCents).toBe(3_750);
    // Past charges keep their amount.
    expect((await rowsOf(giftId))[0]!.amountCents).toBe(2_000);
  });

  test("move the charge day: the next charge falls on it, clamped to short months", async () => {
    const { giftId, token } = await monthly("day@example.org");
    const now = new Date("2027-01-10T09:00:00Z");
    await h.db.update(recurringGifts).set({ nextChargeAt: new Date("2027-02-05T09:00:00Z") }).where(eq(recurringGifts.id, giftId));
    const v = await put(giftId, token, { action: "charge_day", chargeDay: 31 }, now);
    expect(v.chargeDay).toBe(31);
    expect(v.nextChargeAt).toBe("2027-02-28T09:00:00.000Z");
    const v2 = await put(giftId, token, { action: "charge_day", chargeDay: 3 }, now);
    expect(v2.nextChargeAt).toBe("2027-02-03T09:00:00.000Z");
    expect(() => manageRecurringSchema().parse({ action: "charge_day", chargeDay: 32 })).toThrow(messages.recurringManage.chargeDayInvalid);
  });

  test("skip the next charge: once per named charge date, and that period is not charged", async () => {
    const { giftId, token } = await monthly("skip@example.org");
    const next = (await giftOf(giftId)).nextChargeAt!;
    const v = await put(giftId, token, { action: "skip", period: periodDate(next) });
    const after = new Date(v.nextChargeAt!);
    expect(after.getTime()).toBeGreaterThan(next.getTime() + 27 * DAY);
    // A repeated click names the same (already skipped) date: nothing more is skipped.
    const again = await put(giftId, token, { action: "skip", period: periodDate(next) });
    expect(again.nextChargeAt).toBe(v.nextChargeAt);
    await chargeDueRecurringGifts({ now: new Date(next.getTime() + 60_000) });
    expect(await rowsOf(giftId)).toHaveLength(1);
  });

  test("pause until a date, then resume", async () => {
    const { giftId, token } = await monthly("pause@example.org");
    const now = new Date();
    const until = new Date(now.getTime() + 75 * DAY);
    const untilDay = periodDate(until);
    const paused = await put(giftId, token, { action: "pause", until: untilDay }, now);
    expect(paused.state).toBe("paused");
    expect(new Date(paused.nextChargeAt!).getTime()).toBeGreaterThanOrEqual(new Date(`${untilDay}T00:00:00Z`).getTime());
    // Nothing is charged or reminded while paused.
    await chargeDueRecurringGifts({ now: new Date(now.getTime() + 40 * DAY) });
    expect(await rowsOf(giftId)).toHaveLength(1);
    await rejects(put(giftId, token, { action: "pause", until: periodDate(new Date(now.getTime() - DAY)) }, now), "validation", messages.recurringManage.pauseDateInvalid);
    await rejects(put(giftId, token, { action: "pause", until: periodDate(new Date(now.getTime() + 400 * DAY)) }, now), "validation");
    const resumed = await put(giftId, token, { action: "resume" }, now);
    expect(resumed.state).toBe("active");
    expect(resumed.pausedUntil).toBeNull();
    expect(new Date(resumed.nextChargeAt!).getTime()).toBeLessThanOrEqual(now.getTime() + 32 * DAY);
    await rejects(put(giftId, token, { action: "resume" }, now), "conflict", messages.recurringManage.notPaused);
  });

  test("update the payment method with the sandbox's test card; a declined card is refused", async () => {
    const { giftId, token } = await monthly("card@example.org");
    const v = await put(giftId, token, { action: "payment_method", method: { card: { number: "5555 5555 5555 4444", expiry: "11/33", cvc: "321" } } });
    expect(v.paymentMethodLabel).toBe("Card ending 4444");
    const gift = await giftOf(giftId);
    expect(gift.paymentMethodRef).toBe("sbpm_4444");
    expect(JSON.stringify(gift)).not.toContain("5555555555554444");
    await rejects(put(giftId, token, { action: "payment_method", method: { card: { number: "4000 0000 0000 0002", expiry: "11/33", cvc: "321" } } }), "validation", messages.recurringManage.cardRefused);
    expect((await giftOf(giftId)).paymentMethodRef).toBe("sbpm_4444");
  });

  test("cancel needs the confirmation step, then nothing more is charged", async () => {
    const { giftId, token } = await monthly("cancel@example.org");
    expect(() => cancelRecurringSchema.parse({ token })).toThrow(messages.recurringManage.cancelConfirm);
    expect(cancelRecurringSchema.parse({ token, confirm: true }).confirm).toBe(true);
    const v = await cancelManagedRecurringGift({ giftId, access: { token } });
    expect(v.state).toBe("canceled");
    expect(v.nextChargeAt).toBeNull();
    await rejects(put(giftId, token, { action: "amount", amountCents: 500 }), "conflict", messages.recurringManage.canceled);
    await h.db.update(recurringGifts).set({ nextChargeAt: new Date(Date.now() - 1_000) }).where(eq(recurringGifts.id, giftId));
    await chargeDueRecurringGifts();
    expect(await rowsOf(giftId)).toHaveLength(1);
  });

  test("a signed-in donor manages their own gifts without a token and updates the card on all of them at once", async () => {
    const [u] = await h.db.insert(users).values({ type: "individual", email: "owner@example.org", passwordHash: "x", firstName: "Olive", lastName: "Owner" }).returning({ id: users.id });
    const actor: Actor = { id: u!.id, role: "donor", organizationId: null, email: "owner@example.org", firstName: "Olive", lastName: "Owner", organizationName: "", telephone: null };
    const one = await monthly("", { actor, fundraiser: null });
    const two = await monthly("", { actor, fundraiser: fundraiserId });
    const other = await monthly("someone-else@example.org", { amountCents: 1_100, fundraiser: null });
    expect((await getManagedRecurringGift({ giftId: one.giftId, access: { actor } })).amountCents).toBe(2_000);
    await rejects(getManagedRecurringGift({ giftId: other.giftId, access: { actor } }), "not_found");
    const r = await updateAllRecurringPaymentMethods({ actor, method: { card: { number: "4000 0566 5566 5556", expiry: "10/32", cvc: "123" } } });
    expect(r.updated).toBe(2);
    expect((await giftOf(one.giftId)).paymentMethodLabel).toBe("Card ending 5556");
    expect((await giftOf(two.giftId)).paymentMethodLabel).toBe("Card ending 5556");
    expect((await giftOf(other.giftId)).paymentMethodRef).toBeNull();
  });
});

describe("duplicate monthly gifts", () => {
  test("a second monthly gift like an active one (same email, organization and fundraiser) asks first", async () => {
    const email = "twice@example.org";
    const { giftId } = await monthly(email, { amountCents: 2_200 });
    const err = await monthly("TWICE@example.org", { amountCents: 3_000 }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(409);
    expect((err as AppError).fields?.confirmDuplicate).toBe(messages.recurringManage.duplicateMonthly("$22.00", "Lake Champlain Food Shelf"));
    const gifts = await h.db.select().from(recurringGifts).where(eq(recurringGifts.donorEmail, email));
    expect(gifts).toHaveLength(1);
    // Confirmed, it starts; another fundraiser or a direct gift is not a duplicate.
    await monthly(email, { amountCents: 3_000, confirmDuplicate: true });
    await monthly(email, { amountCents: 1_000, fundraiser: null });
    expect(await h.db.select().from(recurringGifts).where(eq(recurringGifts.donorEmail, email))).toHaveLength(3);
    // Once canceled, a new one needs no confirmation.
    await h.db.update(recurringGifts).set({ status: "canceled" }).where(eq(recurringGifts.donorEmail, email));
    expect((await monthly(email)).giftId).not.toBe(giftId);
  });
});

describe("failed charges", () => {
  test("retries after 1, 3 and 7 days, one attempt at a time, email after each failure; then past due, canceled, nonprofit told", async () => {
    const email = "failing@example.org";
    const { giftId, token } = await monthly(email, { amountCents: 1_700 });
    // The donor saved a card that attaches but is declined on every charge.
    await put(giftId, token, { action: "payment_method", method: { card: { number: "4000 0000 0000 0341", expiry: "12/34", cvc: "123" } } });
    const due = new Date(Date.now() - 60_000);
    await h.db.update(recurringGifts).set({ nextChargeAt: due }).where(eq(recurringGifts.id, giftId));
    const mailsBefore = (await mailsTo(email)).length;
    const orgMailsBefore = (await mailsTo("gifts@lcfs.example")).length;

    await Promise.all([chargeDueRecurringGifts(), chargeDueRecurringGifts()]);
    let gift = await giftOf(giftId);
    expect(gift.failedAttempts).toBe(1);
    expect(gift.retryPeriod).toBe(periodDate(due));
    const firstFailure = (await rowsOf(giftId))[1]!;
    expect(firstFailure.status).toBe("failed");
    expect(gift.retryAt!.getTime() - firstFailure.createdAt.getTime()).toBeGreaterThanOrEqual(RETRY_AFTER_DAYS[0] * DAY - 5_000);
    let mails = (await mailsTo(email)).slice(mailsBefore);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/could not charge/);
    const link = /\/recurring\/[^?\s]+\?token=(\S+)/.exec(mails[0]!.text);
    expect(checkRecurringManageToken(giftId, link?.[1])).toBe("valid");

    // Before the retry is due nothing happens; at each retry time, exactly one attempt (runs overlap).
    await chargeDueRecurringGifts({ now: new Date(gift.retryAt!.getTime() - 60_000) });
    expect(await rowsOf(giftId)).toHaveLength(2);
    for (let attempt = 1; attempt <= 3; attempt++) {
      gift = await giftOf(giftId);
      const at = new Date(gift.retryAt!.getTime() + 1_000);
      await Promise.all([chargeDueRecurringGifts({ now: at }), chargeDueRecurringGifts({ now: at })]);
      const rows = await rowsOf(giftId);
      expect(rows).toHaveLength(2 + attempt);
      expect(rows[1 + attempt]!.idempotencyKey).toBe(`recurring:${giftId}:${periodDate(due)}:retry${attempt}`);
      expect(rows[1 + attempt]!.status).toBe("failed");
      if (attempt < 3) {
        const next = await giftOf(giftId);
        expect(Math.round((next.retryAt!.getTime() - firstFailure.createdAt.getTime()) / DAY)).toBe(RETRY_AFTER_DAYS[attempt]);
      }
    }
    gift = await giftOf(giftId);
    expect(gift.pastDueAt).not.toBeNull();
    expect(gift.retryAt).toBeNull();
    expect(gift.status).toBe("active");
    mails = (await mailsTo(email)).slice(mailsBefore);
    expect(mails.map((m) => m.subject)).toEqual([
      ...Array(3).fill(expect.stringMatching(/could not charge/)),
      expect.stringMatching(/is past due/),
    ]);
    expect((await getManagedRecurringGift({ giftId, access: { token } })).state).toBe("past_due");

    // A week later it is canceled, once; the donor and the nonprofit are told.
    const later = new Date(gift.pastDueAt!.getTime() + 8 * DAY);
    await Promise.all([chargeDueRecurringGifts({ now: later }), chargeDueRecurringGifts({ now: later })]);
    await chargeDueRecurringGifts({ now: later });
    gift = await giftOf(giftId);
    expect(gift.status).toBe("canceled");
    mails = (await mailsTo(email)).slice(mailsBefore);
    expect(mails).toHaveLength(5);
    expect(mails[4]!.subject).toMatch(/was canceled/);
    const orgMails = (await mailsTo("gifts@lcfs.example")).slice(orgMailsBefore);
    expect(orgMails.filter((m) => /monthly gift .* was canceled/.test(m.subject))).toHaveLength(1);
    expect(orgMails.find((m) => /was canceled/.test(m.subject))!.text).not.toContain(email);
    // Never charged: nothing succeeded for that period.
    expect((await rowsOf(giftId)).filter((r) => r.status === "succeeded")).toHaveLength(1);
  });

  test("a new card retries the failed period at the next run, and a paid period is never charged again", async () => {
    const email = "recovers@example.org";
    const { giftId, token } = await monthly(email, { amountCents: 1_900 });
    await put(giftId, token, { action: "payment_method", method: { card: { number: "4000000000000341", expiry: "12/34", cvc: "123" } } });
    const due = new Date(Date.now() - 60_000);
    await h.db.update(recurringGifts).set({ nextChargeAt: due }).where(eq(recurringGifts.id, giftId));
    await chargeDueRecurringGifts();
    expect((await giftOf(giftId)).failedAttempts).toBe(1);
    const fundraiserBefore = (await h.db.select({ p: fundraisers.progressCents }).from(fundraisers).where(eq(fundraisers.id, fundraiserId)))[0]!.p;

    await put(giftId, token, { action: "payment_method", method: { card: { number: "4242424242424242", expiry: "12/34", cvc: "123" } } });
    await Promise.all([chargeDueRecurringGifts(), chargeDueRecurringGifts()]);
    const gift = await giftOf(giftId);
    expect(gift.failedAttempts).toBe(0);
    expect(gift.retryPeriod).toBeNull();
    expect(gift.pastDueAt).toBeNull();
    const paid = (await rowsOf(giftId)).filter((r) => r.metadata.period === periodDate(due) && r.status === "succeeded");
    expect(paid).toHaveLength(1);
    expect((await h.db.select({ p: fundraisers.progressCents }).from(fundraisers).where(eq(fundraisers.id, fundraiserId)))[0]!.p).toBe(fundraiserBefore + 1_900);

    // A stale retry time (as if a run had died) finds the period paid: no second charge.
    await h.db.update(recurringGifts).set({ retryPeriod: periodDate(due), failedAttempts: 1, retryAt: new Date(Date.now() - 1_000) }).where(eq(recurringGifts.id, giftId));
    await chargeDueRecurringGifts();
    expect((await rowsOf(giftId)).filter((r) => r.metadata.period === periodDate(due))).toHaveLength(2);
    expect((await giftOf(giftId)).retryAt).toBeNull();
  });
});

describe("reminders and the January statement", () => {
  test("a reminder with the manage link goes out three days before a charge, once per charge", async () => {
    const email = "reminder@example.org";
    const { giftId } = await monthly(email);
    const chargeAt = new Date(Date.now() + 2 * DAY);
    await h.db.update(recurringGifts).set({ nextChargeAt: chargeAt }).where(eq(recurringGifts.id, giftId));
    const before = (await mailsTo(email)).length;
    await Promise.all([sendChargeReminders(), sendChargeReminders()]);
    await sendChargeReminders();
    const mails = (await mailsTo(email)).slice(before);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toMatch(/is charged on/);
    expect(mails[0]!.text).toContain(`/recurring/${giftId}?token=`);
    const gift = await giftOf(giftId);
    expect(gift.reminderPeriod).toBe(periodDate(chargeAt));
  });

  test("in January each donor of the past year gets one statement email; again or in February, none", async () => {
    const year = 2025;
    const at = (s: string) => new Date(s);
    const base = { status: "succeeded" as const };
    for (const gift of [
      { amountCents: 1_000, donorEmail: "annual-guest@example.org", succeededAt: at(`${year}-03-01T10:00:00Z`), createdAt: at(`${year}-03-01T10:00:00Z`) },
      { amountCents: 2_000, donorEmail: "Annual-Guest@example.org", succeededAt: at(`${year}-09-01T10:00:00Z`), createdAt: at(`${year}-09-01T10:00:00Z`) },
      { amountCents: 3_000, donorEmail: "annual-member@example.org", succeededAt: at(`${year}-05-01T10:00:00Z`), createdAt: at(`${year}-05-01T10:00:00Z`) },
      { amountCents: 4_000, donorEmail: "older@example.org", succeededAt: at(`${year - 1}-05-01T10:00:00Z`), createdAt: at(`${year - 1}-05-01T10:00:00Z`) },
      { status: "failed", amountCents: 5_000, donorEmail: "failed-only@example.org", createdAt: at(`${year}-05-01T10:00:00Z`) },
    ] as const) await makeGift(h.db, organizationId, null, { ...base, ...gift });

    const [member] = await h.db.insert(users).values({ type: "individual", email: "annual-member@example.org", passwordHash: "x", firstName: "Ann", lastName: "Ual" }).returning({ id: users.id });

    expect((await sendYearEndStatements({ now: at(`${year + 1}-02-02T00:00:00Z`) })).queued).toBe(0);
    const [r1, r2] = await Promise.all([sendYearEndStatements({ now: at(`${year + 1}-01-03T08:00:00Z`) }), sendYearEndStatements({ now: at(`${year + 1}-01-03T08:00:00Z`) })]);
    expect(r1.queued + r2.queued).toBe(2);
    expect((await sendYearEndStatements({ now: at(`${year + 1}-01-20T08:00:00Z`) })).queued).toBe(0);

    const guest = await mailsTo("annual-guest@example.org");
    expect(guest).toHaveLength(1);
    expect(guest[0]!.subject).toBe(`Your ${year} giving statement from Givebridge`);
    expect(guest[0]!.text).toContain("$10.00");
    expect(guest[0]!.text).toContain("$20.00");
    expect(guest[0]!.text).toMatch(/\/api\/receipts\/[^?]+\?token=/);
    const memberMail = await mailsTo("annual-member@example.org");
    expect(memberMail).toHaveLength(1);
    expect(memberMail[0]!.text).toContain(`/api/donor/${member!.id}/statement?year=${year}`);
    expect(await mailsTo("older@example.org")).toHaveLength(0);
    expect(await mailsTo("failed-only@example.org")).toHaveLength(0);
  });
});
