/**
 * Managing webhook endpoints through the real route handlers (request layer included): who may
 * act, the catalogue's messages for bad input, the secret shown once and stored encrypted, its
 * rotation (both secrets sign for a while), the test event, and the SSRF guard at
 * registration and at delivery.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { Webhook } from "standardwebhooks";
import { DELETE as deleteEndpoint, PUT as putEndpoint } from "@/app/api/(app)/webhook-endpoints/[id]/route";
import { GET as getDeliveries } from "@/app/api/(app)/webhook-endpoints/[id]/deliveries/route";
import { POST as rotateSecret } from "@/app/api/(app)/webhook-endpoints/[id]/secret/route";
import { POST as sendTest } from "@/app/api/(app)/webhook-endpoints/[id]/test/route";
import { GET as listEndpoints, POST as createEndpoint } from "@/app/api/(app)/webhook-endpoints/route";
import type { Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { setEnvForTests } from "@/lib/env";
import { call } from "@/lib/http/testing";
import { stopMailQueue } from "@/lib/mail/queue";
import { makeDonor, makeNonprofit } from "@/lib/testing/service-fixtures";
import { deleteNonprofitAccount } from "@/lib/services/users/delete-account";
import { messages } from "@/lib/validations/messages";
import { decryptSigningSecret, encryptSigningSecret, newSigningSecret } from "@/lib/webhooks/signing";
import { isPublicAddress, PRIVATE_TARGET_ERROR } from "@/lib/webhooks/targets";
import { webhookDeliveries, webhookEndpoints } from "@/models";
import { startWebhookWorker } from "./deliver-webhook";
import { startTestReceiver, type TestReceiver } from "./test-receiver";
import { MAX_WEBHOOK_ENDPOINTS } from "./webhook-endpoints";

jest.setTimeout(90_000);

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-webhook-endpoints-"));
let h: DatabaseHandle;
let receiver: TestReceiver;
let a: { organizationId: string; user: Actor };
let b: { organizationId: string; user: Actor };
let donor: Actor;
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

beforeAll(async () => {
  setEnvForTests({ DATA_DIR: dataDir, NEXTAUTH_SECRET: "test-secret-for-webhook-endpoints-0123", WEBHOOK_RETRY_SCHEDULE: "0.3", WEBHOOK_ALLOW_LOCAL_TARGETS: undefined });
  h = await createTestDatabase();
  await startWebhookWorker({ pollingIntervalSeconds: 0.5 });
  receiver = await startTestReceiver();
  a = await makeNonprofit(h.db, "Montpelier Library Friends");
  b = await makeNonprofit(h.db, "Stowe Land Trust");
  donor = await makeDonor("webhook-donor@example.org");
});

afterAll(async () => {
  await stopMailQueue();
  await receiver.close();
  await h.close();
  fs.rmSync(dataDir, { recursive: true, force: true });
  setEnvForTests({ DATA_DIR: undefined, WEBHOOK_RETRY_SCHEDULE: undefined, WEBHOOK_ALLOW_LOCAL_TARGETS: undefined });
});

afterEach(async () => {
  await h.db.delete(webhookEndpoints);
  setEnvForTests({ WEBHOOK_ALLOW_LOCAL_TARGETS: undefined });
});

type Created = { endpoint: { id: string; url: string; eventTypes: string[]; enabled: boolean }; secret: string };
const create = (user: Actor | undefined, json: unknown) => call(createEndpoint, { method: "POST", url: "/api/webhook-endpoints", user, json });

describe("who may manage endpoints", () => {
  test("anonymous 401, a donor 403, a foreign origin 403; nothing is created", async () => {
    const body = { url: receiver.url("/x"), eventTypes: ["donation.succeeded"] };
    expect((await create(undefined, body)).status).toBe(401);
    expect((await create(donor, body)).status).toBe(403);
    const crossSite = await call(createEndpoint, { method: "POST", url: "/api/webhook-endpoints", user: a.user, json: body, headers: { origin: "https://evil.example" } });
    expect(crossSite.status).toBe(403);
    expect((await call(listEndpoints, { url: "/api/webhook-endpoints" })).status).toBe(401);
    expect(await h.db.select().from(webhookEndpoints)).toHaveLength(0);
  });

  test("another nonprofit can neither see, edit, rotate, test nor delete an endpoint: 404 and nothing changes", async () => {
    const { endpoint } = (await (await create(a.user, { url: receiver.url("/mine"), eventTypes: ["donation.succeeded"] })).json()) as Created;
    const params = { id: endpoint.id };
    const listB = (await (await call(listEndpoints, { url: "/api/webhook-endpoints", user: b.user })).json()) as { endpoints: unknown[] };
    expect(listB.endpoints).toEqual([]);
    expect((await call(putEndpoint, { method: "PUT", url: `/api/webhook-endpoints/${endpoint.id}`, params, user: b.user, json: { url: receiver.url("/theirs") } })).status).toBe(404);
    expect((await call(rotateSecret, { method: "POST", url: `/api/webhook-endpoints/${endpoint.id}/secret`, params, user: b.user })).status).toBe(404);
    expect((await call(sendTest, { method: "POST", url: `/api/webhook-endpoints/${endpoint.id}/test`, params, user: b.user })).status).toBe(404);
    expect((await call(getDeliveries, { url: `/api/webhook-endpoints/${endpoint.id}/deliveries`, params, user: b.user })).status).toBe(404);
    expect((await call(deleteEndpoint, { method: "DELETE", url: `/api/webhook-endpoints/${endpoint.id}`, params, user: b.user })).status).toBe(404);
    const [row] = await h.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.url).toBe(receiver.url("/mine"));
  });
});

describe("endpoint lifecycle", () => {
  test("bad input gets the catalogue's messages and creates nothing", async () => {
    const cases: [unknown, string, number][] = [
      [{ url: "", eventTypes: ["donation.succeeded"] }, messages.webhooks.urlRequired, 400],
      [{ eventTypes: ["donation.succeeded"] }, messages.webhooks.urlRequired, 400],
      [{ url: "ftp://files.example.org/hook", eventTypes: ["donation.succeeded"] }, messages.webhooks.urlInvalid, 400],
      [{ url: "not a url", eventTypes: ["donation.succeeded"] }, messages.webhooks.urlInvalid, 400],
      [{ url: "https://user:pw@hooks.example.org/", eventTypes: ["donation.succeeded"] }, messages.webhooks.urlCredentials, 400],
      [{ url: `https://hooks.example.org/${"x".repeat(2_000)}`, eventTypes: ["donation.succeeded"] }, messages.webhooks.urlTooLong, 400],
      [{ url: "https://hooks.example.org/", eventTypes: [] }, messages.webhooks.eventsRequired, 400],
      [{ url: "https://hooks.example.org/", eventTypes: ["donation.created"] }, messages.webhooks.eventUnknown, 400],
      [{ url: "https://hooks.example.org/", eventTypes: ["donation.succeeded"], description: "d".repeat(201) }, messages.webhooks.descriptionTooLong, 400],
      [{ url: "http://hooks.example.org/", eventTypes: ["donation.succeeded"] }, messages.webhooks.urlHttpsRequired, 422],
    ];
    for (const [body, message, status] of cases) {
      const res = await create(a.user, body);
      expect([res.status, ((await res.json()) as { message: string }).message]).toEqual([status, message]);
    }
    expect(await h.db.select().from(webhookEndpoints)).toHaveLength(0);
  });

  test("the secret is shown once and stored encrypted; edit, limit and delete", async () => {
    const res = await create(a.user, { url: receiver.url("/life"), eventTypes: ["donation.succeeded", "donation.succeeded"], description: "CRM sync" });
    expect(res.status).toBe(201);
    const { endpoint, secret } = (await res.json()) as Created;
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]{43}=$/);
    expect(endpoint).toMatchObject({ url: receiver.url("/life"), eventTypes: ["donation.succeeded"], enabled: true });
    const [row] = await h.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id));
    expect(row!.secretEncrypted).not.toContain(secret.slice(6));
    expect(decryptSigningSecret(row!.secretEncrypted)).toBe(secret);
    const listed = await (await call(listEndpoints, { url: "/api/webhook-endpoints", user: a.user })).text();
    expect(listed).not.toContain(secret.slice(6));
    expect(listed).not.toContain("secret");

    const params = { id: endpoint.id };
    const edited = await call(putEndpoint, { method: "PUT", url: `/api/webhook-endpoints/${endpoint.id}`, params, user: a.user, json: { eventTypes: ["donation.refunded", "fundraiser.goal_reached"], enabled: false } });
    expect(edited.status).toBe(200);
    expect(((await edited.json()) as { endpoint: unknown }).endpoint).toMatchObject({ eventTypes: ["donation.refunded", "fundraiser.goal_reached"], enabled: false, disabledReason: "manual" });

    for (let i = 1; i < MAX_WEBHOOK_ENDPOINTS; i++) expect((await create(a.user, { url: receiver.url(`/n${i}`), eventTypes: ["donation.succeeded"] })).status).toBe(201);
    const over = await create(a.user, { url: receiver.url("/one-too-many"), eventTypes: ["donation.succeeded"] });
    expect([over.status, ((await over.json()) as { message: string }).message]).toEqual([409, messages.webhooks.tooMany(MAX_WEBHOOK_ENDPOINTS)]);

    expect((await call(deleteEndpoint, { method: "DELETE", url: `/api/webhook-endpoints/${endpoint.id}`, params, user: a.user })).status).toBe(200);
    expect(await h.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint.id))).toHaveLength(0);
  });

  test("after a rotation the test event is signed by the new and the previous secret; the log lists it", async () => {
    const { endpoint, secret: oldSecret } = (await (await create(a.user, { url: receiver.url("/rotate"), eventTypes: ["donation.succeeded"] })).json()) as Created;
    const params = { id: endpoint.id };
    const rotated = await call(rotateSecret, { method: "POST", url: `/api/webhook-endpoints/${endpoint.id}/secret`, params, user: a.user });
    const { secret: newSecret, endpoint: after } = (await rotated.json()) as Created & { endpoint: { previousSecretExpiresAt: string } };
    expect(newSecret).not.toBe(oldSecret);
    expect(Date.parse(after.previousSecretExpiresAt) - Date.now()).toBeGreaterThan(23 * 3600_000);

    const sent = await call(sendTest, { method: "POST", url: `/api/webhook-endpoints/${endpoint.id}/test`, params, user: a.user });
    expect(sent.status).toBe(202);
    const [req] = await receiver.waitFor("/rotate", 1);
    expect(req!.headers["webhook-signature"]!.split(" ")).toHaveLength(2);
    for (const s of [newSecret, oldSecret]) {
      expect(new Webhook(s).verify(req!.body, req!.headers)).toMatchObject({ type: "webhook.test", data: { endpoint_id: endpoint.id, organization_id: a.organizationId } });
    }
    type Log = { deliveries: { eventType: string; status: string; id: string }[] };
    const readLog = async () => (await (await call(getDeliveries, { url: `/api/webhook-endpoints/${endpoint.id}/deliveries`, params, user: a.user })).json()) as Log;
    let log = await readLog();
    for (let i = 0; i < 50 && log.deliveries[0]?.status !== "succeeded"; i++) {
      await sleep(100);
      log = await readLog();
    }
    expect(log.deliveries).toMatchObject([{ eventType: "webhook.test", status: "succeeded", id: req!.headers["webhook-id"] }]);

    // Once the overlap is over, only the new secret signs.
    await h.db.update(webhookEndpoints).set({ previousSecretExpiresAt: new Date(Date.now() - 1000) }).where(eq(webhookEndpoints.id, endpoint.id));
    await call(sendTest, { method: "POST", url: `/api/webhook-endpoints/${endpoint.id}/test`, params, user: a.user });
    const [, second] = await receiver.waitFor("/rotate", 2);
    expect(second!.headers["webhook-signature"]!.split(" ")).toHaveLength(1);
    expect(() => new Webhook(oldSecret).verify(second!.body, second!.headers)).toThrow();
  });

  test("a released organization loses its endpoints: the next nonprofit to claim it does not feed the previous one's", async () => {
    const c = await makeNonprofit(h.db, "Waterbury Food Shelf");
    await create(c.user, { url: receiver.url("/released"), eventTypes: ["donation.succeeded"] });
    expect(await h.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, c.organizationId))).toHaveLength(1);
    await deleteNonprofitAccount({ actor: c.user, userId: c.user.id });
    expect(await h.db.select().from(webhookEndpoints).where(eq(webhookEndpoints.organizationId, c.organizationId))).toHaveLength(0);
  });
});

describe("server-side request forgery guard", () => {
  test("with local targets refused (production's default), loopback, private and link-local addresses and local names are refused at registration", async () => {
    setEnvForTests({ WEBHOOK_ALLOW_LOCAL_TARGETS: "0" });
    const refused: [string, string][] = [
      [receiver.url("/local"), messages.webhooks.urlHttpsRequired],
      ["http://localhost:3431/hook", messages.webhooks.urlHttpsRequired],
      ["https://127.0.0.1/hook", messages.webhooks.urlPrivate],
      ["https://2130706433/hook", messages.webhooks.urlPrivate],
      ["https://10.1.2.3/hook", messages.webhooks.urlPrivate],
      ["https://192.168.1.20/hook", messages.webhooks.urlPrivate],
      ["https://172.16.0.5/hook", messages.webhooks.urlPrivate],
      ["https://169.254.169.254/latest/meta-data/", messages.webhooks.urlPrivate],
      ["https://100.64.0.1/hook", messages.webhooks.urlPrivate],
      ["https://0.0.0.0/hook", messages.webhooks.urlPrivate],
      ["https://[::1]/hook", messages.webhooks.urlPrivate],
      ["https://[fd00::1]/hook", messages.webhooks.urlPrivate],
      ["https://[::ffff:127.0.0.1]/hook", messages.webhooks.urlPrivate],
      ["https://localhost/hook", messages.webhooks.urlPrivate],
      ["https://api.localhost/hook", messages.webhooks.urlPrivate],
      ["https://db.internal/hook", messages.webhooks.urlPrivate],
      ["https://intranet/hook", messages.webhooks.urlPrivate],
    ];
    for (const [url, message] of refused) {
      const res = await create(a.user, { url, eventTypes: ["donation.succeeded"] });
      expect([url, res.status, ((await res.json()) as { message: string }).message]).toEqual([url, 422, message]);
    }
    expect(await h.db.select().from(webhookEndpoints)).toHaveLength(0);
    expect((await create(a.user, { url: "https://hooks.example.org/givebridge", eventTypes: ["donation.succeeded"] })).status).toBe(201);
    expect((await create(a.user, { url: "https://93.184.215.14/hook", eventTypes: ["donation.succeeded"] })).status).toBe(201);
  });

  test("at delivery, a host that resolves to a private address, or a private IP literal, is never contacted", async () => {
    // Registered while local targets were allowed; the setting then changed.
    const viaName = (await (await create(a.user, { url: receiver.url("/by-name").replace("127.0.0.1", "localhost"), eventTypes: ["donation.succeeded"] })).json()) as Created;
    const viaLiteral = (await (await create(a.user, { url: receiver.url("/by-ip"), eventTypes: ["donation.succeeded"] })).json()) as Created;
    setEnvForTests({ WEBHOOK_ALLOW_LOCAL_TARGETS: "0" });
    for (const ep of [viaName, viaLiteral]) {
      expect((await call(sendTest, { method: "POST", url: `/api/webhook-endpoints/${ep.endpoint.id}/test`, params: { id: ep.endpoint.id }, user: a.user })).status).toBe(202);
    }
    const attempted = async () =>
      (await h.db.select().from(webhookDeliveries)).filter((d) => d.attemptCount > 0 && [viaName.endpoint.id, viaLiteral.endpoint.id].includes(d.endpointId));
    for (let i = 0; i < 60 && (await attempted()).length < 2; i++) await sleep(100);
    const rows = await attempted();
    expect(rows).toHaveLength(2);
    for (const row of rows) expect(row).toMatchObject({ lastStatusCode: null, lastError: PRIVATE_TARGET_ERROR });
    expect(receiver.requestsTo("/by-name")).toHaveLength(0);
    expect(receiver.requestsTo("/by-ip")).toHaveLength(0);
  });

  test("public and private addresses (ipaddr.js ranges); an altered stored secret does not decrypt", () => {
    for (const ip of ["93.184.215.14", "8.8.8.8", "2606:4700:4700::1111"]) expect([ip, isPublicAddress(ip)]).toEqual([ip, true]);
    for (const ip of ["127.0.0.1", "10.0.0.1", "172.31.255.255", "192.168.0.1", "169.254.169.254", "100.64.0.1", "0.0.0.0", "255.255.255.255", "::1", "fe80::1", "fc00::1", "::ffff:10.0.0.1", "224.0.0.1", "not-an-ip"]) {
      expect([ip, isPublicAddress(ip)]).toEqual([ip, false]);
    }
    const secret = newSigningSecret();
    const stored = encryptSigningSecret(secret);
    expect(encryptSigningSecret(secret)).not.toBe(stored);
    expect(decryptSigningSecret(stored)).toBe(secret);
    const [v, iv, tag, ct] = stored.split(".");
    expect(() => decryptSigningSecret([v, iv, tag, `${ct!.slice(0, -2)}AA`].join("."))).toThrow();
    expect(() => decryptSigningSecret([v, iv, Buffer.alloc(16).toString("base64url"), ct].join("."))).toThrow();
  });
});
