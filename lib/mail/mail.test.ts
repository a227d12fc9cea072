import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { SMTPServer } from "smtp-server";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { resetServerEnv, setEnvForTests } from "@/lib/env";
import { enqueueMail, enqueueMails, sendJob, startMailWorker, startQueueWorker, stopMailQueue } from "./queue";
import { receiptMail, type DonationMailFacts } from "./templates/donation";
import { deliverMail, listOutbox, messageIdOf } from "./transport";

const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-mail-"));
let received: { to: string; raw: string }[] = [];
/** Recipients the SMTP server refuses, with how many more times it refuses each. */
const refuse = new Map<string, number>();
let server: SMTPServer;
let port = 0;
let h: DatabaseHandle;

beforeAll(async () => {
  server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    onRcptTo(address, _session, callback) {
      const left = refuse.get(address.address) ?? 0;
      if (left > 0) {
        refuse.set(address.address, left - 1);
        return callback(new Error("451 try again later"));
      }
      callback();
    },
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      stream.on("end", () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address).join(","), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.server.address() as { port: number }).port;
  h = await createTestDatabase();
});

afterAll(async () => {
  await stopMailQueue();
  await h.close();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  setEnvForTests({ SMTP_URL: undefined });
  setEnvForTests({ DATA_DIR: undefined });
  resetServerEnv();
  fs.rmSync(dataDir, { recursive: true, force: true });
});

beforeEach(() => {
  received = [];
});

const useOutbox = () => {
  setEnvForTests({ SMTP_URL: undefined });
  setEnvForTests({ DATA_DIR: dataDir });
  resetServerEnv();
};
const useSmtp = () => {
  setEnvForTests({ SMTP_URL: `smtp://127.0.0.1:${port}` });
  resetServerEnv();
};

async function waitFor(check: () => boolean | Promise<boolean>, ms = 15_000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error("timed out");
}

/** Wait until queue `name` holds no job still to run (created, retrying or running): whatever it would deliver has been. */
async function waitUntilDrained(name: string, ms = 20_000) {
  const pending = async () =>
    ((await h.db.execute(sql`select count(*)::int as n from pgboss.job where name = ${name} and state in ('created', 'retry', 'active')`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
  await waitFor(async () => (await pending()) === 0, ms);
}

describe("mail", () => {
  test("without SMTP_URL a message becomes an .eml file in the outbox", async () => {
    useOutbox();
    const res = await deliverMail({ to: "donor@example.org", subject: "Your receipt", text: "Thank you for your gift." });
    expect(res.via).toBe("outbox");
    const raw = fs.readFileSync(res.file!, "utf8");
    expect(raw).toMatch(/^To: donor@example.org$/m);
    expect(raw).toContain("Thank you for your gift.");
    const listed = await listOutbox();
    expect(listed[0]).toMatchObject({ to: "donor@example.org", subject: "Your receipt" });
  });

  test("with SMTP_URL it goes to the SMTP server, attachments included", async () => {
    useSmtp();
    const res = await deliverMail({
      to: "np@example.org",
      subject: "New donation",
      text: "You received $25.00.",
      attachments: [{ filename: "receipt.pdf", contentType: "application/pdf", contentBase64: Buffer.from("%PDF-1.4 test").toString("base64") }],
    });
    expect(res.via).toBe("smtp");
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toBe("np@example.org");
    expect(received[0]!.raw).toContain("filename=receipt.pdf");
  });

  test("queued mail is delivered only when its transaction commits", async () => {
    useSmtp();
    await startMailWorker({ pollingIntervalSeconds: 0.5 });
    await h.db
      .transaction(async (tx) => {
        await enqueueMail({ to: "rolled-back@example.org", subject: "never", text: "never" }, { tx });
        await tx.execute(sql`select 1`);
        throw new Error("abort");
      })
      .catch(() => undefined);
    await h.db.transaction(async (tx) => {
      await enqueueMail({ to: "committed@example.org", subject: "Receipt", text: "Thanks" }, { tx });
    });
    await waitFor(() => received.some((m) => m.to === "committed@example.org"));
    await waitUntilDrained("mail");
    expect(received.map((m) => m.to)).toEqual(["committed@example.org"]);
  });

  test("a queued message's Message-ID is its job's id, the same on every attempt", async () => {
    useSmtp();
    await startMailWorker({ pollingIntervalSeconds: 0.5 });
    const jobId = await enqueueMail({ to: "named@example.org", subject: "Receipt", text: "Thanks" });
    await waitFor(() => received.some((m) => m.to === "named@example.org"));
    const messageId = /^Message-ID: (.*)$/im.exec(received[0]!.raw)?.[1]?.trim();
    expect(messageId).toBe(messageIdOf(`mail-${jobId}`));
    expect(messageId).toMatch(/^<mail-[0-9a-f-]{36}@[^>]+>$/);
    // A message sent again under the same key (a job retried after a crash) carries the same id.
    await deliverMail({ to: "named@example.org", subject: "Receipt", text: "Thanks" }, { key: `mail-${jobId}` });
    expect(/^Message-ID: (.*)$/im.exec(received[1]!.raw)?.[1]?.trim()).toBe(messageId);
  });

  test("a batch is delivered at once; a failed message is retried alone and the others are sent exactly once", async () => {
    useSmtp();
    await startMailWorker({ pollingIntervalSeconds: 0.5 });
    refuse.set("flaky@example.org", 1);
    const recipients = [...Array.from({ length: 30 }, (_, i) => `batch${i}@example.org`), "flaky@example.org"];
    await h.db.transaction(async (tx) => {
      for (const to of recipients) await enqueueMail({ to, subject: "Receipt", text: "Thanks" }, { tx });
    });
    await waitFor(() => recipients.slice(0, 30).every((to) => received.some((m) => m.to === to)), 20_000);
    expect(received.some((m) => m.to === "flaky@example.org")).toBe(false);
    // pg-boss retries the refused message after its retry delay (30 s with backoff): once it is
    // waiting for its retry, make it due now.
    const waitingRetries = async () =>
      ((await h.db.execute(sql`select count(*)::int as n from pgboss.job where name = 'mail' and state = 'retry'`)) as unknown as { rows: { n: number }[] }).rows[0]!.n;
    await waitFor(async () => (await waitingRetries()) === 1, 20_000);
    await h.db.execute(sql`update pgboss.job set start_after = now() where name = 'mail' and state = 'retry'`);
    await waitFor(() => received.some((m) => m.to === "flaky@example.org"), 20_000);
    await waitUntilDrained("mail");
    const counts = new Map<string, number>();
    for (const m of received) counts.set(m.to, (counts.get(m.to) ?? 0) + 1);
    expect([...counts.values()].every((n) => n === 1)).toBe(true);
    expect(counts.size).toBe(recipients.length);
  });

  test("a worker handles a batch at most `concurrency` jobs at a time, each job once", async () => {
    const handled: number[] = [];
    let running = 0;
    let most = 0;
    await startQueueWorker<{ n: number }>("concurrency-check", { pollingIntervalSeconds: 0.5, batchSize: 12, concurrency: 3 }, async ({ n }) => {
      running++;
      most = Math.max(most, running);
      await new Promise((r) => setTimeout(r, 50));
      handled.push(n);
      running--;
    });
    for (let n = 0; n < 12; n++) await sendJob("concurrency-check", { n });
    await waitFor(() => handled.length === 12, 20_000);
    await waitUntilDrained("concurrency-check");
    expect([...handled].sort((a, b) => a - b)).toEqual(Array.from({ length: 12 }, (_, n) => n));
    expect(most).toBeGreaterThan(1);
    expect(most).toBeLessThanOrEqual(3);
  });

  test("a job is complete as soon as its handler returns, while its batch's other jobs are still running", async () => {
    let releaseSlow: () => void = () => {};
    const gate = new Promise<void>((release) => (releaseSlow = release));
    let slowStarted = false;
    await startQueueWorker<{ slow: boolean }>("complete-each", { pollingIntervalSeconds: 0.5, batchSize: 2 }, async ({ slow }) => {
      if (!slow) return;
      slowStarted = true;
      await gate;
    });
    // Both jobs in one transaction, so that one fetch takes them as one batch.
    const [fast, slow] = await h.db.transaction(async (tx) => [await sendJob("complete-each", { slow: false }, { tx }), await sendJob("complete-each", { slow: true }, { tx })]);
    const stateOf = async (id: string | null | undefined) => {
      const result = (await h.db.execute(sql`select state from pgboss.job where name = 'complete-each' and id = ${id}::uuid`)) as unknown as { rows: { state: string }[] };
      return result.rows[0]?.state;
    };
    try {
      await waitFor(() => slowStarted, 10_000);
      // Had this process died now, only the slow job would be run again.
      await waitFor(async () => (await stateOf(fast)) === "completed", 5_000);
      expect(await stateOf(slow)).toBe("active");
    } finally {
      releaseSlow();
    }
    await waitFor(async () => (await stateOf(slow)) === "completed", 10_000);
  });

  test("a donation email queued as its facts is delivered as its template renders it; one without a recipient is not", async () => {
    useSmtp();
    await startMailWorker({ pollingIntervalSeconds: 0.5 });
    const facts: DonationMailFacts = {
      donationId: "d-facts-1",
      createdAt: new Date("2026-11-24T15:30:00Z"),
      amountCents: 2_500,
      feeCents: 103,
      coverFees: false,
      status: "Completed",
      paymentType: "Card",
      recurring: false,
      organizationName: "Vermont Foodbank",
      organizationEin: "030277440",
      organizationEmail: null,
      organizationLogoUrl: null,
      irsDeductibility: "1",
      fundraiserName: "Winter Meals",
      donor: { name: "Ada Guest", email: "facts@example.org", telephone: null, city: null, state: null, gender: null, ageRange: null },
      anonymous: false,
      share: { name: true, email: true, phone: false, location: false, gender: false, age: false },
      receiptUrl: "http://localhost:3000/api/receipts/d-facts-1?token=t",
    };
    await enqueueMails([
      { donationMail: "receipt", facts },
      { donationMail: "nonprofit", facts }, // the organization has no email: nothing to send
    ]);
    await waitFor(() => received.some((m) => m.to === "facts@example.org"));
    await waitUntilDrained("mail");
    const expected = receiptMail(facts)!;
    const got = received.filter((m) => m.to === "facts@example.org");
    expect(got).toHaveLength(1);
    expect(got[0]!.raw).toContain(`Subject: ${expected.subject}`);
    expect(got[0]!.raw).toContain("Deductible amount: $25.00");
    expect(received).toHaveLength(1);
  });
});

