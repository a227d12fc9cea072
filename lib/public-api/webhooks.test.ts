/**
 * The OpenAPI document's `webhooks` say what is actually sent: every event type an endpoint can
 * pick (and the test event) is documented with its headers and retry schedule, and each event,
 * emitted by the real emitters on a real database, has a body its documented schema reads
 * without dropping or changing anything.
 */
import { randomUUID } from "node:crypto";
import { eq, inArray } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { setEnvForTests } from "@/lib/env";
import { recordOfflineGift } from "@/lib/services/donations/offline-gifts";
import { emitDonationEvent, emitDonorCreatedIfNew, emitGoalReachedIfCrossed, emitOrganizationVerified, emitRecurringGiftEvent, emitSupporterPageEvent, emitTicketOrderPaid } from "@/lib/services/webhooks/webhook-events";
import { sendWebhookTestEvent } from "@/lib/services/webhooks/webhook-deliveries";
import { createWebhookEndpoint } from "@/lib/services/webhooks/webhook-endpoints";
import { makeGift, makeTwoNonprofitsAndADonor, type ClaimedNonprofit } from "@/lib/testing/service-fixtures";
import { createWebhookEndpointSchema, webhookEventTypes } from "@/lib/validations/webhooks";
import { fundraisers, eventTicketOrders, eventTicketTypes, events, payments, recurringGifts, supporterPages, webhookEvents as webhookEventRows } from "@/models";
import { generateOpenApiDocument } from "./openapi";
import { sentWebhookTypes, webhookBodySchema, type SentWebhookType } from "./webhooks";

jest.setTimeout(120_000);

let h: DatabaseHandle;
let a: ClaimedNonprofit;
let donorId: string;

beforeAll(async () => {
  setEnvForTests({ WEBHOOK_RETRY_SCHEDULE: undefined });
  let donor: { id: string };
  ({ h, a, donor } = await makeTwoNonprofitsAndADonor(["Maple Valley Food Shelf", "Birch Hollow Library"], "webhook-doc-donor@example.org"));
  donorId = donor.id;
}, 180_000);

afterAll(() => h.close());

describe("the document's webhooks", () => {
  test("document every event type with the signature headers, the body and the retry schedule", () => {
    const doc = generateOpenApiDocument("https://give.example.org/api/v1") as unknown as {
      webhooks: Record<string, { post: { parameters: { name: string; in: string }[]; description: string; requestBody: { content: Record<string, { schema: { $ref: string } }> } } }>;
      info: { description: string };
    };
    expect(Object.keys(doc.webhooks).sort()).toEqual([...webhookEventTypes, "webhook.test"].sort());
    for (const [type, item] of Object.entries(doc.webhooks)) {
      expect({ type, headers: item.post.parameters.filter((p) => p.in === "header").map((p) => p.name) }).toEqual({ type, headers: ["webhook-id", "webhook-timestamp", "webhook-signature"] });
      expect(item.post.requestBody.content["application/json"]!.schema.$ref).toMatch(/Webhook$/);
      expect(item.post.description).toContain("5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h, 14 h, 14 h, 16 h");
    }
    expect(doc.info.description).toContain('wh.verify(');
    expect(doc.info.description).toContain("hmac.new(");
  });

  test("every event emitted is read by its documented schema exactly", async () => {
    const input = createWebhookEndpointSchema.parse({ url: "https://hooks.example.org/givebridge", eventTypes: [...webhookEventTypes] });
    const { endpoint } = await createWebhookEndpoint({ actor: a.user, input });
    const org = a.organizationId;
    const now = new Date();

    const [fundraiser] = await h.db.insert(fundraisers).values({ organizationId: org, name: "Roof Repair Fund", goalCents: 10_000 }).returning({ id: fundraisers.id });
    const shared = await makeGift(h.db, org, null, { fundraiserId: fundraiser!.id, shareName: true, shareEmail: true, donorName: "Sam Sharer", donorEmail: "sam@example.org" });
    const anonymous = await makeGift(h.db, org, null, { anonymous: true, status: "refunded", refundedAt: now });
    const [gift] = await h.db
      .insert(recurringGifts)
      .values({ organizationId: org, amountCents: 1_500, provider: "sandbox", donorEmail: "monthly@example.org", chargeDay: 5, nextChargeAt: new Date(now.getTime() + 86_400_000) })
      .returning({ id: recurringGifts.id });
    const monthly = await makeGift(h.db, org, null, { recurringGiftId: gift!.id, amountCents: 1_500, shareCity: true, donorCity: "Barre" } as never);
    const [event] = await h.db.insert(events).values({ organizationId: org, name: "Harvest Supper", startsAt: new Date(now.getTime() + 30 * 86_400_000) }).returning({ id: events.id });
    const [ticketType] = await h.db.insert(eventTicketTypes).values({ eventId: event!.id, name: "Dinner", priceCents: 4_000, fairMarketValueCents: 2_500, quantity: 80 }).returning({ id: eventTicketTypes.id });
    const ticketPaymentId = randomUUID();
    await h.db.insert(payments).values({ id: ticketPaymentId, organizationId: org, provider: "sandbox", amountCents: 8_000, status: "succeeded", idempotencyKey: randomUUID() });
    const [order] = await h.db
      .insert(eventTicketOrders)
      .values({ eventId: event!.id, ticketTypeId: ticketType!.id, buyerName: "Tia Buyer", buyerEmail: "tia@example.org", quantity: 2, amountCents: 8_000, goodsValueCents: 5_000, paymentId: ticketPaymentId, idempotencyKey: randomUUID() })
      .returning({ id: eventTicketOrders.id });

    await h.db.transaction(async (tx) => {
      await emitDonationEvent({ tx, donationId: shared, organizationId: org, type: "donation.succeeded", occurredAt: now });
      await emitDonorCreatedIfNew({ tx, donationId: shared, organizationId: org, occurredAt: now });
      await emitDonationEvent({ tx, donationId: anonymous, organizationId: org, type: "donation.refunded", occurredAt: now });
      await emitRecurringGiftEvent({ tx, giftId: gift!.id, type: "recurring_gift.created", now });
      await emitRecurringGiftEvent({ tx, giftId: gift!.id, type: "recurring_gift.updated", now });
      await emitRecurringGiftEvent({
        tx,
        giftId: gift!.id,
        type: "recurring_gift.payment_failed",
        now,
        failedPayment: { donation_id: monthly, amount_cents: 1_500, failure_reason: "card_declined", attempt: 1, next_retry_at: now.toISOString(), past_due: false },
      });
      const [ticketPayment] = await tx.select().from(payments).where(eq(payments.id, ticketPaymentId));
      await emitTicketOrderPaid({ tx, payment: ticketPayment!, orderId: order!.id, paidAt: now });
      await emitGoalReachedIfCrossed({
        tx,
        fundraiser: { id: fundraiser!.id, organizationId: org, name: "Roof Repair Fund", goalCents: 10_000, progressCents: 12_000 },
        addedCents: 5_000,
        reachedAt: now,
      });
      // A supporter page whose supporter shares their email with the organization: supporter_email is sent.
      const [page] = await tx
        .insert(supporterPages)
        .values({ fundraiserId: fundraiser!.id, organizationId: org, userId: donorId, slug: "roof-run", title: "Roof Run", goalCents: 20_000, status: "pending", shareEmailWithOrganization: true })
        .returning();
      await emitSupporterPageEvent({ tx, page: page!, type: "supporter_page.created", occurredAt: now });
      await emitSupporterPageEvent({ tx, page: { ...page!, status: "active" }, type: "supporter_page.updated", occurredAt: now });
      await emitOrganizationVerified({ tx, organizationId: org, claimId: "claim-of-the-document-test", occurredAt: now });
    });
    await h.db.update(recurringGifts).set({ status: "canceled", canceledAt: now }).where(eq(recurringGifts.id, gift!.id));
    await h.db.transaction((tx) => emitRecurringGiftEvent({ tx, giftId: gift!.id, type: "recurring_gift.canceled", now }));
    await sendWebhookTestEvent({ actor: a.user, endpointId: endpoint.id });
    // Sam gave before: offline_gift.created only.
    await recordOfflineGift({ actor: a.user, organizationId: org, input: { method: "check", amountCents: 2_000, checkNumber: "101", receivedOn: "2026-01-05", donorName: "Sam Sharer", donorEmail: "sam@example.org", donorConsent: true } });

    const rows = await h.db.select({ type: webhookEventRows.type, body: webhookEventRows.body }).from(webhookEventRows).where(inArray(webhookEventRows.type, sentWebhookTypes));
    expect(rows.map((r) => r.type).sort()).toEqual([...sentWebhookTypes].sort());
    expect(JSON.parse(rows.find((r) => r.type === "supporter_page.created")!.body).data).toMatchObject({ status: "pending", supporter_email: "webhook-doc-donor@example.org", supporter_name: expect.any(String) });
    for (const row of rows) {
      const body = JSON.parse(row.body) as unknown;
      const read = webhookBodySchema(row.type as SentWebhookType).safeParse(body);
      expect({ type: row.type, issues: read.error?.issues ?? [] }).toEqual({ type: row.type, issues: [] });
      // z.object drops keys it does not know: equality means every field sent is documented.
      expect({ type: row.type, body: read.data }).toEqual({ type: row.type, body });
    }
  });
});
