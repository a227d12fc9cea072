/**
 * Outgoing webhooks end to end on a real database and a real local HTTP receiver: events are
 * emitted in the transaction of their change (once, even when the provider's event arrives
 * again), delivered through the job queue signed by the Standard Webhooks scheme (verified
 * with the library's own Webhook.verify), retried on a short schedule against a receiver that
 * fails and then succeeds, replayed from the log, kept to their organization, and carry no
 * donor field the donor did not share. An endpoint that keeps failing is disabled and its
 * nonprofit emailed over real SMTP.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { randomUUID } from "node:crypto";
import { eq, inArray, like, sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import { Webhook, WebhookVerificationError } from "standardwebhooks";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { setEnvForTests } from "@/lib/env";
import { startMailWorker, stopMailQueue, WEBHOOK_QUEUE } from "@/lib/mail/queue";
import { sandboxDelivery } from "@/lib/payments/sandbox";
import { handleWebhook } from "@/lib/services/payments/apply-payment-event";
import { startCheckout } from "@/lib/services/donations/start-checkout";
import { makeDonor, makeNonprofit, testCheckoutClient } from "@/lib/testing/service-fixtures";
import { recordOfflineGift } from "@/lib/services/donations/offline-gifts";
import { saveDonorNote } from "@/lib/services/donor-relationships/donor-notes";
import { createEvent } from "@/lib/services/events/manage-events";
import { createTicketOrder } from "@/lib/services/events/tickets";
import { chargeDueRecurringGifts } from "@/lib/services/recurring/charge-recurring-gifts";
import { recurringManageToken } from "@/lib/auth/recurring-manage-link";
import { cancelManagedRecurringGift, manageRecurringGift } from "@/lib/services/recurring/manage-recurring-gift";
import { checkoutSchema } from "@/lib/validations/donation";
import { createEventSchema, ticketOrderSchema } from "@/lib/validations/event";
import { manageRecurringSchema } from "@/lib/validations/recurring";
import { createWebhookEndpointSchema, type WebhookEventType } from "@/lib/validations/webhooks";
import { fundraisers, donations, organizations, recurringGifts, webhookDeliveries, webhookEndpoints, webhookEvents } from "@/models";
import { requeueStalledDeliveries, startWebhookWorker } from "./deliver-webhook";
import { DISABLED_ENDPOINT_ERROR } from "./emit-webhook-event";
import { startTestReceiver, type ReceivedWebhook, type TestReceiver } from "./test-receiver";
import { listWebhookDeliveries, replayWebhookDelivery } from "./webhook-deliveries";
import { createWebhookEndpoint, listWebhookEndpoints, updateWebhookEndpoint } from "./webhook-endpoints";

jest.setTimeout(90_000);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-webhooks-"));
let h: DatabaseHandle;
let receiver: TestReceiver;
let smtp: SMTPServer;
const mails: { to: string; raw: string }[] = [];
let a: { organizationId: string; user: Actor };
let b: { organizationId: string; user: Actor };
let fundraiserId = "";
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** `read()` again every 100 ms until `done` holds (at most 10 s); returns the last value. */
async function eventually<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  let value = await read();
  for (let i = 0; i < 100 && !done(value); i++) {
    await sleep(100);
    value = await read();
  }
  return value;
}

/**
 * Wait (at most 10 s) until no webhook delivery is due: no delivery job waiting, retrying or
 * running now. Events are queued in the transaction that records them, so once this holds
 * nothing more will be sent, and "nothing more arrived" can be asserted.
 */
async function deliveriesSettled(): Promise<void> {
  const due = async () =>
    ((await h.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${WEBHOOK_QUEUE} and state in ('created', 'retry', 'active') and start_after <= now()`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  if ((await eventually(due, (n) => n === 0)) !== 0) throw new Error("webhook deliveries still due after 10 s");
}

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      stream.on("end", () => {
        mails.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const smtpPort = (smtp.server.address() as { port: number }).port;
  setEnvForTests({
    DATA_DIR: dataDir,
    NEXTAUTH_SECRET: "test-secret-for-webhooks-0123456789",
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    // Three retries a third of a second apart instead of about three days.
    WEBHOOK_RETRY_SCHEDULE: "0.3,0.3,0.3",
    WEBHOOK_ALLOW_LOCAL_TARGETS: undefined,
  });
  h = await createTestDatabase();
  await startMailWorker({ pollingIntervalSeconds: 0.5 });
  await startWebhookWorker({ pollingIntervalSeconds: 0.5 });
  receiver = await startTestReceiver();
  a = await makeNonprofit(h.db, "Vermont Foodbank");
  b = await makeNonprofit(h.db, "Rutland Humane Society");
  await h.db.update(organizations).set({ email: "tech@vtfoodbank.example" }).where(eq(organizations.id, a.organizationId));
  const [c] = await h.db.insert(fundraisers).values({ organizationId: a.organizationId, name: "Winter Meals", goalCents: 10_000 }).returning({ id: fundraisers.id });
  fundraiserId = c!.id;
});

afterAll(async () => {
  await stopMailQueue();
  await receiver.close();
  await h.close();
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
  fs.rmSync(dataDir, { recursive: true, force: true });
  setEnvForTests({ DATA_DIR: undefined, SMTP_URL: undefined, WEBHOOK_RETRY_SCHEDULE: undefined });
});

// Each test registers its own endpoints; none outlives its test.
afterEach(async () => {
  await h.db.delete(webhookEndpoints);
});

/** Register an endpoint at the receiver's `path`; returns its id and signing secret. */
async function endpoint(owner: { user: Actor }, pathName: string, eventTypes: WebhookEventType[]) {
  const input = createWebhookEndpointSchema.parse({ url: receiver.url(pathName), eventTypes });
  const { endpoint: ep, secret } = await createWebhookEndpoint({ actor: owner.user, input });
  return { id: ep.id, secret };
}

const card = (number = "4242 4242 4242 4242") => ({ number, expiry: "12/34", cvc: "123" });

/** A guest gift through the real checkout (sandbox provider). */
function give(organizationId: string, over: Record<string, unknown> = {}) {
  return startCheckout({ actor: null, input: checkoutSchema().parse({ idempotencyKey: randomUUID(), organizationId, campaignId: null, amountCents: 2_500, name: "Secret Sam", email: "secret.sam@example.org", card: card(), ...over }) });
}

/** Verify a received request with the Standard Webhooks library; returns the parsed payload. */
const verify = (secret: string, r: ReceivedWebhook) => new Webhook(secret).verify(r.body, r.headers) as { type: string; timestamp: string; data: Record<string, unknown> };

describe("delivery, signature and privacy", () => {
  test("a gift's donation.succeeded arrives signed by Standard Webhooks and verifies with the library's own Webhook.verify", async () => {
    const ep = await endpoint(a, "/signed", ["donation.succeeded"]);
    const gift = await give(a.organizationId);
    expect(gift.status).toBe("succeeded");
    const [req] = await receiver.waitFor("/signed", 1);
    const payload = verify(ep.secret, req!);
    expect(payload.type).toBe("donation.succeeded");
    expect(Date.parse(payload.timestamp)).not.toBeNaN();
    expect(payload.data).toMatchObject({ id: gift.donationId, object: "donation", organization_id: a.organizationId, amount_cents: 2_500, status: "succeeded", currency: "usd" });
    expect(req!.headers["content-type"]).toBe("application/json");
    expect(req!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    // webhook-id is the delivery's id, recorded in the log.
    const [delivery] = await h.db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, ep.id));
    expect(req!.headers["webhook-id"]).toBe(delivery!.id);
    // Another secret, an altered body or an old timestamp do not verify.
    expect(() => new Webhook(`whsec_${Buffer.alloc(32, 7).toString("base64")}`).verify(req!.body, req!.headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(ep.secret).verify(req!.body.replace("2500", "2501"), req!.headers)).toThrow(WebhookVerificationError);
    expect(() => new Webhook(ep.secret).verify(req!.body, { ...req!.headers, "webhook-timestamp": String(Math.floor(Date.now() / 1000) - 3600) })).toThrow(WebhookVerificationError);
  });

  test("a donor who shares nothing leaves no name or email anywhere in the body; shared fields appear, anonymous gifts have no donor", async () => {
    const ep = await endpoint(a, "/privacy", ["donation.succeeded"]);
    const nothing = await give(a.organizationId, { name: "Secret Sam", email: "secret.sam@example.org" });
    const some = await give(a.organizationId, { name: "Open Olivia", email: "olivia@example.org", share: { name: true } });
    const anonymous = await give(a.organizationId, { name: "Hidden Hal", email: "hal@example.org", anonymous: true, share: { name: true, email: true } });
    const requests = await receiver.waitFor("/privacy", 3);
    const byId = new Map(requests.map((r) => [verify(ep.secret, r).data.id as string, r]));
    const bodyOf = (id: string) => byId.get(id)!.body;
    expect(bodyOf(nothing.donationId)).not.toMatch(/secret|sam@|Sam/i);
    expect(verify(ep.secret, byId.get(nothing.donationId)!).data.donor).toEqual({});
    expect(verify(ep.secret, byId.get(some.donationId)!).data.donor).toEqual({ name: "Open Olivia" });
    expect(bodyOf(some.donationId)).not.toContain("olivia@example.org");
    expect(verify(ep.secret, byId.get(anonymous.donationId)!).data.donor).toBeNull();
    expect(bodyOf(anonymous.donationId)).not.toMatch(/Hidden|hal@/);
    // The stored outbox copy is the body sent, byte for byte.
    const stored = await h.db.select({ body: webhookEvents.body }).from(webhookEvents).where(like(webhookEvents.body, `%${nothing.donationId}%`));
    expect(stored.map((s) => s.body)).toEqual([bodyOf(nothing.donationId)]);
  });

  test("a ticket order's ticket_order.paid carries the order, no buyer details; a refund of a gift sends donation.refunded", async () => {
    const ep = await endpoint(a, "/tickets", ["ticket_order.paid", "donation.refunded"]);
    const buyer = await makeDonor(`ticket-buyer-${randomUUID().slice(0, 8)}@example.org`);
    const ev = await createEvent({ actor: a.user, input: createEventSchema.parse({
        organizationId: a.organizationId,
        name: "Harvest Dinner",
        startsAt: new Date(Date.now() + 20 * 86_400_000).toISOString(),
        ticketTypes: [{ name: "Dinner", priceCents: 10_000, fairMarketValueCents: 6_000, quantity: 20 }],
      }) });
    const order = await createTicketOrder({
      eventId: ev._id,
      input: ticketOrderSchema.parse({ idempotencyKey: randomUUID(), ticketTypeId: ev.ticketTypes[0]!._id, quantity: 2, card: card() }),
      actor: buyer,
      client: testCheckoutClient(),
    });
    const [req] = await receiver.waitFor("/tickets", 1);
    const payload = verify(ep.secret, req!);
    expect(payload.type).toBe("ticket_order.paid");
    expect(payload.data).toEqual({
      id: order.order._id,
      object: "ticket_order",
      organization_id: a.organizationId,
      event_id: ev._id,
      event_name: "Harvest Dinner",
      ticket_type_id: ev.ticketTypes[0]!._id,
      ticket_type_name: "Dinner",
      quantity: 2,
      amount_cents: 20_000,
      goods_value_cents: 12_000,
      deductible_cents: 8_000,
      currency: "usd",
      payment_id: order.payment!.donationId,
      paid_at: expect.any(String),
    });
    expect(req!.body).not.toContain(buyer.email);
    expect(req!.body).not.toContain(buyer.lastName);

    const gift = await give(a.organizationId);
    const refund = sandboxDelivery(gift.providerPaymentId!, gift.donationId, "charge.refunded");
    await Promise.all([handleWebhook({ provider: "sandbox", rawBody: refund.body, headers: refund.headers }), handleWebhook({ provider: "sandbox", rawBody: refund.body, headers: refund.headers })]);
    const requests = await receiver.waitFor("/tickets", 2);
    const refunded = verify(ep.secret, requests[1]!);
    expect(refunded).toMatchObject({ type: "donation.refunded", data: { id: gift.donationId, status: "refunded" } });
    await deliveriesSettled();
    expect(receiver.requestsTo("/tickets")).toHaveLength(2);
  });
});

describe("exactly once", () => {
  test("a provider event delivered again (5 times, some at once) emits donation.succeeded once", async () => {
    const ep = await endpoint(a, "/dup", ["donation.succeeded"]);
    const pending = await give(a.organizationId, { card: card("4000 0025 0000 3155") });
    expect(pending.status).toBe("requires_action");
    const succeeded = sandboxDelivery(pending.providerPaymentId!, pending.donationId, "payment_intent.succeeded");
    await handleWebhook({ provider: "sandbox", rawBody: succeeded.body, headers: succeeded.headers });
    await Promise.all(Array.from({ length: 4 }, () => handleWebhook({ provider: "sandbox", rawBody: succeeded.body, headers: succeeded.headers })));
    await receiver.waitFor("/dup", 1);
    await deliveriesSettled();
    expect(receiver.requestsTo("/dup")).toHaveLength(1);
    expect(verify(ep.secret, receiver.requestsTo("/dup")[0]!).data.id).toBe(pending.donationId);
    const events = await h.db.select().from(webhookEvents).where(eq(webhookEvents.dedupeKey, `donation.succeeded:${pending.donationId}`));
    expect(events).toHaveLength(1);
  });

  test("fundraiser.goal_reached is sent once, when progress first reaches the goal", async () => {
    const ep = await endpoint(a, "/goal", ["fundraiser.goal_reached"]);
    await h.db.update(fundraisers).set({ progressCents: 0, goalCents: 10_000 }).where(eq(fundraisers.id, fundraiserId));
    await give(a.organizationId, { campaignId: fundraiserId, amountCents: 6_000 });
    await deliveriesSettled();
    expect(receiver.requestsTo("/goal")).toHaveLength(0);
    const crossing = await give(a.organizationId, { campaignId: fundraiserId, amountCents: 6_000 });
    const [req] = await receiver.waitFor("/goal", 1);
    expect(verify(ep.secret, req!)).toMatchObject({ type: "fundraiser.goal_reached", data: { id: fundraiserId, object: "fundraiser", goal_cents: 10_000, progress_cents: 12_000 } });
    // Above the goal, and after falling below it and crossing again: nothing more.
    await give(a.organizationId, { campaignId: fundraiserId, amountCents: 1_000 });
    const refund = sandboxDelivery(crossing.providerPaymentId!, crossing.donationId, "charge.refunded");
    await handleWebhook({ provider: "sandbox", rawBody: refund.body, headers: refund.headers });
    await give(a.organizationId, { campaignId: fundraiserId, amountCents: 6_000 });
    await deliveriesSettled();
    expect(receiver.requestsTo("/goal")).toHaveLength(1);
  });
});

describe("donor.created and offline_gift.created", () => {
  test("donor.created once per donor (not for their second gift, online or offline), with shared fields only and no notes or tags; offline_gift.created on recording", async () => {
    const ep = await endpoint(a, "/donors", ["donor.created", "offline_gift.created"]);
    const first = await give(a.organizationId, { name: "Nora New", email: "Nora.New@example.org", share: { name: true, email: true } });
    const [created] = await receiver.waitFor("/donors", 1);
    const event = verify(ep.secret, created!);
    expect(event.type).toBe("donor.created");
    expect(event.data).toEqual({
      object: "donor",
      id: Buffer.from("email:nora.new@example.org").toString("base64url"),
      name: "Nora New",
      email: "nora.new@example.org",
      lifetime_cents: 2_500,
      gift_count: 1,
      largest_gift_cents: 2_500,
      first_gift_at: expect.any(String),
      last_gift_at: expect.any(String),
      monthly: "none",
    });
    await saveDonorNote({ actor: a.user, organizationId: a.organizationId, input: { donorKey: "email:nora.new@example.org", note: "Prefers phone calls", tags: ["major-prospect"] } });
    // The same donor again, online and offline: no second donor.created; the offline gift sends offline_gift.created.
    await give(a.organizationId, { name: "Nora New", email: "nora.new@example.org", share: { name: true, email: true } });
    const offline = await recordOfflineGift({ actor: a.user, organizationId: a.organizationId, input: { method: "check", amountCents: 4_000, checkNumber: "77", receivedOn: "2026-01-05", donorName: "Nora New", donorEmail: "nora.new@example.org", donorConsent: true } });
    // A new donor recorded offline: offline_gift.created and donor.created.
    const newOffline = await recordOfflineGift({ actor: a.user, organizationId: a.organizationId, input: { method: "cash", amountCents: 1_000, receivedOn: "2026-01-06", donorName: "Carl Cash" } });
    // Nothing shared: no donor appears.
    await give(a.organizationId, { name: "Quiet Quinn", email: "quinn@example.org" });
    await deliveriesSettled();
    const events = receiver.requestsTo("/donors").map((r) => verify(ep.secret, r));
    expect(events.map((e) => `${e.type} ${String(e.data.id)}`).sort()).toEqual(
      [
        `donor.created ${Buffer.from("email:nora.new@example.org").toString("base64url")}`,
        `donor.created ${Buffer.from("name:Carl Cash").toString("base64url")}`,
        `offline_gift.created ${offline.id}`,
        `offline_gift.created ${newOffline.id}`,
      ].sort(),
    );
    const check = events.find((e) => e.type === "offline_gift.created" && e.data.id === offline.id)!;
    expect(check.data).toMatchObject({ object: "donation", offline_method: "check", amount_cents: 4_000, status: "succeeded", donor: { name: "Nora New", email: "nora.new@example.org" } });
    for (const r of receiver.requestsTo("/donors")) expect(r.body).not.toMatch(/Prefers phone|major-prospect|Quiet Quinn|quinn@/);
    expect(first.status).toBe("succeeded");
  });

  test("two first gifts of the same new donor recorded at once send one donor.created", async () => {
    const ep = await endpoint(a, "/race", ["donor.created"]);
    const input = { method: "cash", amountCents: 500, receivedOn: "2026-01-07", donorName: "Rita Race", donorEmail: "rita@example.org", donorConsent: true };
    await Promise.all(Array.from({ length: 4 }, () => recordOfflineGift({ actor: a.user, organizationId: a.organizationId, input })));
    await receiver.waitFor("/race", 1);
    await deliveriesSettled();
    expect(receiver.requestsTo("/race").map((r) => verify(ep.secret, r).data.id)).toEqual([Buffer.from("email:rita@example.org").toString("base64url")]);
    const rows = await h.db.select().from(webhookEvents).where(like(webhookEvents.dedupeKey, "donor.created:%"));
    expect(rows.filter((r) => r.body.includes("rita@example.org"))).toHaveLength(1);
  });

  test("without an endpoint picking donor.created nothing is recorded, and a donor's later first event is not sent for an earlier donor", async () => {
    await give(a.organizationId, { name: "Early Eve", email: "eve@example.org", share: { email: true } });
    const ep = await endpoint(a, "/late", ["donor.created"]);
    await give(a.organizationId, { name: "Early Eve", email: "eve@example.org", share: { email: true } });
    await give(a.organizationId, { name: "Fresh Fay", email: "fay@example.org", share: { email: true } });
    await receiver.waitFor("/late", 1);
    await deliveriesSettled();
    const ids = receiver.requestsTo("/late").map((r) => verify(ep.secret, r).data.id);
    expect(ids).toEqual([Buffer.from("email:fay@example.org").toString("base64url")]);
  });
});

describe("retries, replay and disabling", () => {
  test("a receiver that fails (500) twice then succeeds gets three attempts with one stable webhook-id; the log shows each", async () => {
    const ep = await endpoint(a, "/flaky", ["donation.succeeded"]);
    receiver.respond("/flaky", [500, 500, 200]);
    const gift = await give(a.organizationId);
    const requests = await receiver.waitFor("/flaky", 3);
    expect(new Set(requests.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(new Set(requests.map((r) => r.body)).size).toBe(1);
    for (const r of requests) expect(verify(ep.secret, r).data.id).toBe(gift.donationId);
    const readLog = () => listWebhookDeliveries({ actor: a.user, endpointId: ep.id });
    const log = await eventually(readLog, (l) => l[0]?.status === "succeeded");
    expect(log).toHaveLength(1);
    const [entry] = log;
    expect(entry).toMatchObject({ id: requests[0]!.headers["webhook-id"], eventType: "donation.succeeded", status: "succeeded", attemptCount: 3, nextAttemptAt: null, lastStatusCode: 200 });
    expect(entry!.attempts.map((t) => [t.number, t.statusCode, t.succeeded, t.manual])).toEqual([
      [1, 500, false, false],
      [2, 500, false, false],
      [3, 200, true, false],
    ]);
    expect(entry!.attempts[0]!.error).toBe("The endpoint answered HTTP 500");
    expect(entry!.attempts.every((t) => t.durationMs >= 0)).toBe(true);

    // Replay from the log: the same webhook-id again, a fresh signature, a manual attempt.
    const replayed = await replayWebhookDelivery({ actor: a.user, endpointId: ep.id, deliveryId: entry!.id });
    expect(replayed.status).toBe("pending");
    const again = await receiver.waitFor("/flaky", 4);
    expect(again[3]!.headers["webhook-id"]).toBe(entry!.id);
    expect(verify(ep.secret, again[3]!).data.id).toBe(gift.donationId);
    const [after] = await eventually(readLog, (l) => l[0]?.status === "succeeded" && l[0].attemptCount === 4);
    expect(after!.attempts.at(-1)).toMatchObject({ number: 4, manual: true, succeeded: true });
    // Nobody else replays it: another nonprofit, or a donor.
    await expect(replayWebhookDelivery({ actor: b.user, endpointId: ep.id, deliveryId: entry!.id })).rejects.toMatchObject({ code: "not_found" });
    const donor = await makeDonor(`replayer-${randomUUID().slice(0, 8)}@example.org`);
    await expect(replayWebhookDelivery({ actor: donor, endpointId: ep.id, deliveryId: entry!.id })).rejects.toMatchObject({ code: "forbidden" });
  });

  test("a receiver that always fails: retries run out, the endpoint is disabled and the nonprofit is emailed (SMTP); nothing more is sent", async () => {
    const ep = await endpoint(a, "/dead", ["donation.succeeded"]);
    await h.db.update(webhookEndpoints).set({ url: `${receiver.url("/dead")}?token=receiver-own-token` }).where(eq(webhookEndpoints.id, ep.id));
    receiver.always("/dead", 503);
    await give(a.organizationId);
    await receiver.waitFor("/dead", 4);
    const row = await eventually(async () => (await h.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, ep.id)))[0]!, (r) => !r.enabled);
    expect(row).toMatchObject({ enabled: false, disabledReason: "failing" });
    const [delivery] = await listWebhookDeliveries({ actor: a.user, endpointId: ep.id });
    expect(delivery).toMatchObject({ status: "failed", attemptCount: 4, nextAttemptAt: null, lastStatusCode: 503 });

    const disabledMail = () => mails.find((m) => m.to === "tech@vtfoodbank.example" && /Subject: Your Givebridge webhook endpoint/.test(m.raw));
    const mail = await eventually(async () => disabledMail(), (m) => m !== undefined);
    expect(mail).toBeDefined();
    // Unfold headers and undo quoted-printable soft line breaks.
    const text = mail!.raw.replace(/\r?\n[ \t]+/g, " ").replace(/=\r?\n/g, "");
    const port = new URL(receiver.url("/")).port;
    expect(text).toContain(`Subject: Your Givebridge webhook endpoint http://127.0.0.1:${port} was disabled`);
    expect(text).toContain("Last error: The endpoint answered HTTP 503");
    expect(text).not.toContain("receiver-own-token");

    // Disabled: the next gift is logged as not sent; enabling the endpoint clears the reason and the gift can be replayed.
    const missed = await give(a.organizationId);
    await deliveriesSettled();
    expect(receiver.requestsTo("/dead")).toHaveLength(4);
    const [notSent] = await listWebhookDeliveries({ actor: a.user, endpointId: ep.id });
    expect(notSent).toMatchObject({ status: "failed", attemptCount: 0, lastError: DISABLED_ENDPOINT_ERROR });
    expect(notSent!.body).toContain(missed.donationId);
    expect((await listWebhookEndpoints({ actor: a.user })).find((e) => e.id === ep.id)).toMatchObject({ enabled: false, disabledReason: "failing" });
    const enabled = await updateWebhookEndpoint({ actor: a.user, endpointId: ep.id, input: { enabled: true } });
    expect(enabled).toMatchObject({ enabled: true, disabledReason: null, disabledAt: null });
    receiver.always("/dead", 200);
    await replayWebhookDelivery({ actor: a.user, endpointId: ep.id, deliveryId: notSent!.id });
    const [, , , , replayed] = await receiver.waitFor("/dead", 5);
    expect(verify(ep.secret, replayed!).data.id).toBe(missed.donationId);
  });

  test("deliveries queued for an endpoint disabled meanwhile are not sent", async () => {
    const ep = await endpoint(a, "/paused", ["donation.succeeded"]);
    // The retry waits 2 s: time enough to disable the endpoint first.
    setEnvForTests({ WEBHOOK_RETRY_SCHEDULE: "2" });
    receiver.respond("/paused", [500]);
    await give(a.organizationId);
    await receiver.waitFor("/paused", 1);
    await updateWebhookEndpoint({ actor: a.user, endpointId: ep.id, input: { enabled: false } });
    const [delivery] = await eventually(() => listWebhookDeliveries({ actor: a.user, endpointId: ep.id }), (l) => l[0]?.status === "failed");
    setEnvForTests({ WEBHOOK_RETRY_SCHEDULE: "0.3,0.3,0.3" });
    expect(receiver.requestsTo("/paused")).toHaveLength(1);
    expect(delivery).toMatchObject({ status: "failed", attemptCount: 1, lastError: DISABLED_ENDPOINT_ERROR });
    await expect(replayWebhookDelivery({ actor: a.user, endpointId: ep.id, deliveryId: delivery!.id })).rejects.toMatchObject({ code: "conflict" });
  });
});

describe("a lost job", () => {
  test("a pending delivery whose queued attempt was lost is sent again by the sweep, once", async () => {
    const ep = await endpoint(a, "/stalled", ["donation.succeeded"]);
    const late = new Date(Date.now() - 20 * 60_000);
    const body = JSON.stringify({ type: "donation.succeeded", timestamp: late.toISOString(), data: { id: "lost-job" } });
    const [event] = await h.db.insert(webhookEvents).values({ organizationId: a.organizationId, type: "donation.succeeded", dedupeKey: `test:${randomUUID()}`, body, occurredAt: late }).returning();
    const [delivery] = await h.db.insert(webhookDeliveries).values({ eventId: event!.id, endpointId: ep.id, organizationId: a.organizationId, nextAttemptAt: late }).returning();
    // Twice: the second job finds the attempt made (or claimed) and does nothing.
    expect(await requeueStalledDeliveries()).toBe(1);
    await requeueStalledDeliveries();
    const [req] = await receiver.waitFor("/stalled", 1);
    expect(req!.headers["webhook-id"]).toBe(delivery!.id);
    expect(new Webhook(ep.secret).verify(req!.body, req!.headers)).toEqual(JSON.parse(body));
    await deliveriesSettled();
    expect(receiver.requestsTo("/stalled")).toHaveLength(1);
    expect(await requeueStalledDeliveries()).toBe(0);
  });
});

describe("each organization gets its own events", () => {
  test("an endpoint of X never gets Y's events, and an endpoint gets only the types it picked", async () => {
    const epA = await endpoint(a, "/org-a", ["donation.succeeded"]);
    const epB = await endpoint(b, "/org-b", ["donation.succeeded"]);
    const refundsOnly = await endpoint(b, "/org-b-refunds", ["donation.refunded"]);
    const toB = await give(b.organizationId);
    const [req] = await receiver.waitFor("/org-b", 1);
    expect(verify(epB.secret, req!).data.id).toBe(toB.donationId);
    await deliveriesSettled();
    expect(receiver.requestsTo("/org-a")).toHaveLength(0);
    expect(receiver.requestsTo("/org-b-refunds")).toHaveLength(0);
    const aDeliveries = await h.db.select().from(webhookDeliveries).where(inArray(webhookDeliveries.endpointId, [epA.id, refundsOnly.id]));
    expect(aDeliveries).toHaveLength(0);
    // Neither sees the other's endpoint or log.
    expect((await listWebhookEndpoints({ actor: a.user })).map((e) => e.id)).toEqual([epA.id]);
    await expect(listWebhookDeliveries({ actor: a.user, endpointId: epB.id })).rejects.toMatchObject({ code: "not_found" });
    await expect(updateWebhookEndpoint({ actor: a.user, endpointId: epB.id, input: { url: receiver.url("/stolen") } })).rejects.toMatchObject({ code: "not_found" });
  });
});

describe("recurring gifts", () => {
  test("created on the first payment, updated and canceled by the donor, payment_failed on a failed charge; no unshared donor field", async () => {
    const ep = await endpoint(a, "/recurring", ["recurring_gift.created", "recurring_gift.updated", "recurring_gift.canceled", "recurring_gift.payment_failed"]);
    const first = await give(a.organizationId, { frequency: "month", amountCents: 2_000, name: "Rita Recurring", email: "rita@example.org" });
    const [d] = await h.db.select({ giftId: donations.recurringGiftId }).from(donations).where(eq(donations.id, first.donationId));
    const giftId = d!.giftId!;
    const token = recurringManageToken(giftId);
    const put = (body: Record<string, unknown>) => manageRecurringGift({ giftId, access: { token }, input: manageRecurringSchema(2_500_000).parse({ ...body, token }) });
    await receiver.waitFor("/recurring", 1);
    await put({ action: "amount", amountCents: 3_000 });
    await receiver.waitFor("/recurring", 2);
    // A card that saves but is declined on every later charge, then the charge is due.
    await put({ action: "payment_method", method: { card: card("4000 0000 0000 0341") } });
    await receiver.waitFor("/recurring", 3);
    await h.db.update(recurringGifts).set({ nextChargeAt: new Date(Date.now() - 60_000) }).where(eq(recurringGifts.id, giftId));
    await chargeDueRecurringGifts();
    await receiver.waitFor("/recurring", 4);
    await cancelManagedRecurringGift({ giftId, access: { token } });
    await cancelManagedRecurringGift({ giftId, access: { token } });
    const requests = await receiver.waitFor("/recurring", 5);
    await deliveriesSettled();
    expect(receiver.requestsTo("/recurring")).toHaveLength(5);
    const payloads = requests.map((r) => verify(ep.secret, r));
    expect(payloads.map((p) => p.type)).toEqual([
      "recurring_gift.created",
      "recurring_gift.updated",
      "recurring_gift.updated",
      "recurring_gift.payment_failed",
      "recurring_gift.canceled",
    ]);
    expect(payloads[0]!.data).toMatchObject({ id: giftId, object: "recurring_gift", organization_id: a.organizationId, amount_cents: 2_000, interval: "month", status: "active", donor: {} });
    expect(payloads[1]!.data).toMatchObject({ amount_cents: 3_000 });
    expect(payloads[3]!.data).toMatchObject({ failed_payment: { attempt: 1, past_due: false, failure_reason: expect.any(String) } });
    expect(payloads[4]!.data).toMatchObject({ status: "canceled", next_charge_at: null });
    for (const r of requests) expect(r.body).not.toMatch(/Rita|rita@/);
    const stored = (await h.db.execute(sql`select count(*)::int as n from webhook_events where dedupe_key = ${`recurring_gift.canceled:${giftId}`}`)) as unknown as { rows: { n: number }[] };
    expect(Number(stored.rows[0]!.n)).toBe(1);
  });
});
