/**
 * A crash in the middle of a burst of gifts, on two app processes sharing one PostgreSQL
 * database (the production shape: `npm run serve` twice behind a load balancer). Shared by
 * the end-to-end test (e2e/crash-burst.spec.ts) and `npm run bench:donate -- --pg --crash`.
 *
 * crashBurst sends sandbox guest gifts (unique idempotency keys; every 10th with the declined
 * test card) over both processes at once, SIGKILLs process A once ~30 % of the requests were
 * sent, retries every request lost with A on B with the SAME idempotency key and body (what
 * the donor's browser does: the checkout form keeps its key), restarts A, and sends a few more
 * gifts to the restarted A. checkCrashBurst then waits for the mail queue to drain and checks,
 * on the database and at the SMTP server:
 * - every gift was answered (succeeded or declined), after the retries;
 * - at most one payment per idempotency key, and the payment's status is the answer given;
 * - every payment either succeeded, charged once (one payment_intent.succeeded event), or is
 *   not charged (pending or failed, no succeeded event); no key charged twice;
 * - the fundraiser's progress_cents moved by the sum of the succeeded gifts, to the cent;
 * - each succeeded gift has exactly one receipt (one Message-ID, found by its donation id, the
 *   receipt number) and no declined gift has one;
 * - each receipt reached the SMTP server once, except the sends the killed process had in
 *   progress: a message the SMTP server accepted just before the kill, whose job was not yet
 *   marked done, is sent again by the other process with the same Message-ID (SMTP cannot tell
 *   a sender whether an answer was lost; lib/mail/transport.ts, deliverMail). There are at most
 *   SMTP_POOL_CONNECTIONS (5) of those; each is counted and printed;
 * - no mail job is left created, retrying or active, and no job of any queue is active past
 *   its expiry (lib/mail/queue.ts, mailJobExpireSeconds: MAIL_JOB_EXPIRE_SECONDS).
 */
import net from "node:net";
import { randomUUID } from "node:crypto";
import { Client } from "pg";
import { SMTPServer } from "smtp-server";
import { waitForApp, type LocalApp } from "./local-app";

/** One message as the SMTP server received it: recipients, Message-ID, subject, and the body with quoted-printable soft breaks removed. */
export type CaughtMail = { to: string[]; messageId: string; subject: string; body: string };

/** A real SMTP server on 127.0.0.1 that keeps every message it accepts. */
export type MailCatcher = { url: string; messages: CaughtMail[]; close: () => Promise<void> };

/** Start a {@link MailCatcher} on a free port. */
export async function startMailCatcher(): Promise<MailCatcher> {
  const messages: CaughtMail[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, session, callback) {
      let raw = "";
      stream.on("data", (c: Buffer) => (raw += c.toString("utf8")));
      stream.on("end", () => {
        messages.push({
          to: session.envelope.rcptTo.map((r) => r.address),
          messageId: /^Message-ID: (.*)$/im.exec(raw)?.[1]?.trim() ?? "",
          subject: /^Subject: (.*)$/m.exec(raw)?.[1] ?? "",
          body: raw.replace(/=\r?\n/g, ""),
        });
        callback();
      });
    },
  });
  // A killed sender's connections end with a reset; the server reports it as an error event,
  // which without a listener would end this process.
  smtp.on("error", () => undefined);
  await new Promise<void>((resolve) => smtp.listen(0, "127.0.0.1", resolve));
  const port = (smtp.server.address() as net.AddressInfo).port;
  return { url: `smtp://127.0.0.1:${port}`, messages, close: () => new Promise<void>((resolve) => smtp.close(() => resolve())) };
}

/**
 * Messages one process sends at a time (SMTP_POOL_CONNECTIONS in lib/mail/transport.ts, which
 * this script cannot import: it is server-only): the most a kill can leave sent but not marked done.
 */
const SENDS_IN_PROGRESS = 5;

/** Settings of the two app processes for a crash burst: sandbox guests from one address, no challenge, no velocity limits. */
export const CRASH_BURST_APP_ENV = {
  CHECKOUT_CHALLENGE: "off",
  CHECKOUT_IP_MAX_ATTEMPTS: "1000000",
  CHECKOUT_DEVICE_MAX_ATTEMPTS: "1000000",
  CHECKOUT_CARD_MAX_ATTEMPTS: "1000000",
  PAYMENT_PROVIDER: "sandbox",
};

/** One gift of the burst and the answer its donor finally got. */
export type BurstGift = {
  idempotencyKey: string;
  /** Cents. */
  amountCents: number;
  email: string;
  /** "succeeded" or "failed" (declined) as the checkout answered, else what went wrong. */
  answer: string;
};

/** What crashBurst did. */
export type BurstOutcome = {
  gifts: BurstGift[];
  /** Requests lost with the killed process and sent again, with the same key, to the other. */
  retried: number;
  /** Requests sent when process A was killed. */
  sentAtKill: number;
  /** Seconds from the first request to the last answer of the burst (the tail to the restarted A apart). */
  seconds: number;
  /** Process A as restarted. */
  restarted: LocalApp;
};

/** Run `statement` on `databaseUrl` with a short-lived connection. */
export async function query<T>(databaseUrl: string, statement: string, values: unknown[] = []): Promise<T[]> {
  const client = new Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    return (await client.query(statement, values)).rows as T[];
  } finally {
    await client.end();
  }
}

/**
 * Add a claimed organization with the sandbox connected and an active fundraiser (goal in
 * cents) to the migrated database at `databaseUrl`.
 * @returns their ids.
 */
export async function addFundraiser(databaseUrl: string, goalCents = 100_000_000): Promise<{ organizationId: string; campaignId: string }> {
  const [org] = await query<{ id: string }>(
    databaseUrl,
    "insert into organizations (id, name, ein, city, state, claimed, sandbox_connected_at) values (gen_random_uuid()::text, 'Lamoille Valley Food Shelf', '030412345', 'Morrisville', 'VT', true, now()) returning id",
  );
  const [fundraiser] = await query<{ id: string }>(databaseUrl, "insert into campaigns (id, organization_id, name, goal_cents) values (gen_random_uuid()::text, $1, 'Winter Pantry', $2) returning id", [org!.id, goalCents]);
  return { organizationId: org!.id, campaignId: fundraiser!.id };
}

/** The fundraiser's stored progress, in cents. */
export async function progressCents(databaseUrl: string, fundraiserId: string): Promise<number> {
  const [row] = await query<{ p: string }>(databaseUrl, "select progress_cents::bigint as p from campaigns where id = $1", [fundraiserId]);
  return Number(row!.p);
}

/**
 * The burst: `gifts` sandbox guest gifts over `connections` concurrent requests spread over A
 * and B; A is SIGKILLed once `killAt` (a fraction) of them were sent and restarted with
 * `restartA` at once; a request lost with A is retried on B with the same key and body (at most
 * 3 attempts); once the burst is answered, `tail` more gifts go to the restarted A.
 * @throws when the restarted A does not serve within 3 minutes.
 */
export async function crashBurst(options: {
  a: LocalApp;
  b: LocalApp;
  restartA: () => LocalApp;
  target: { organizationId: string; campaignId: string };
  gifts: number;
  connections: number;
  killAt?: number;
  tail?: number;
  log?: (line: string) => void;
}): Promise<BurstOutcome> {
  const { b, target, connections } = options;
  const killAfter = Math.max(1, Math.round(options.gifts * (options.killAt ?? 0.3)));
  const run = randomUUID().slice(0, 8);
  const gifts: BurstGift[] = [];
  let a: LocalApp | null = options.a;
  let restarted: Promise<LocalApp> | undefined;
  let retried = 0;
  let sent = 0;
  let sentAtKill = 0;

  const give = async (url: string, gift: BurstGift, declined: boolean, i: number): Promise<Response> =>
    fetch(`${url}/api/createPaymentIntent`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        idempotencyKey: gift.idempotencyKey,
        organizationId: target.organizationId,
        campaignId: target.campaignId,
        amountCents: gift.amountCents,
        name: `Burst Donor ${i}`,
        email: gift.email,
        card: { number: declined ? "4000000000000002" : "4242424242424242", expiry: "12/34", cvc: "123" },
      }),
    });

  /** Send gift `i` to `first`, then (lost on the network) to B with the same key and body. */
  const send = async (i: number, first: () => string) => {
    const gift: BurstGift = { idempotencyKey: randomUUID(), amountCents: 100 + ((i * 137) % 9_900), email: `burst${i}-${run}@example.org`, answer: "not sent" };
    gifts.push(gift);
    const declined = i % 10 === 9;
    let url = first();
    for (let attempt = 1; ; attempt++) {
      try {
        const res = await give(url, gift, declined, i);
        const body = (await res.json().catch(() => ({}))) as { status?: string; message?: string };
        gift.answer = res.ok && (body.status === "succeeded" || body.status === "failed") ? body.status : `HTTP ${res.status} ${body.message ?? body.status ?? ""}`.trim();
        return;
      } catch (err) {
        const cause = (err as Error & { cause?: { code?: string } }).cause;
        gift.answer = `network: ${(err as Error).message}${cause?.code ? ` (${cause.code})` : ""}`;
        if (attempt >= 3) return;
        retried++;
        url = b.url;
      }
    }
  };

  let next = 0;
  const started = performance.now();
  const worker = async () => {
    while (next < options.gifts) {
      const i = next++;
      sent++;
      if (a && sent > killAfter) {
        sentAtKill = sent - 1;
        options.log?.(`SIGKILL to process A after ${sentAtKill} of ${options.gifts} requests were sent`);
        a.child.kill("SIGKILL");
        a = null;
        const again = options.restartA();
        restarted = waitForApp(again.url, { child: again.child, stderr: again.stderr, ms: 180_000 }).then(() => {
          options.log?.("process A restarted and serving");
          return again;
        });
      }
      // While A is up, even gifts go to A and odd ones to B; after the kill, all go to B.
      const viaA = a;
      await send(i, () => (viaA && i % 2 === 0 ? viaA.url : b.url));
    }
  };
  await Promise.all(Array.from({ length: connections }, worker));
  const seconds = (performance.now() - started) / 1000;
  if (!restarted) throw new Error("the burst ended before process A was killed");
  const again = await restarted;
  for (let i = options.gifts; i < options.gifts + (options.tail ?? 10); i++) await send(i, () => again.url);
  return { gifts, retried, sentAtKill, seconds, restarted: again };
}

/** One check of checkCrashBurst: its name, whether it held, and the figures or the offenders. */
export type Check = { name: string; ok: boolean; detail: string };

type PaymentRow = { key: string; status: string; amount_cents: string; donation_id: string | null; gift_status: string | null; charges: number };

const sample = (xs: string[]) => `${xs.slice(0, 5).join("; ")}${xs.length > 5 ? ` and ${xs.length - 5} more` : ""}`;

/**
 * Wait (at most `drainMs`) until no mail job is left to run, then check the burst's outcome
 * (the list in this module's docstring). `progressBefore`: the fundraiser's progress in cents
 * before the burst.
 */
export async function checkCrashBurst(options: {
  databaseUrl: string;
  fundraiserId: string;
  progressBefore: number;
  gifts: BurstGift[];
  mail: MailCatcher;
  drainMs: number;
}): Promise<Check[]> {
  const { databaseUrl, gifts, mail } = options;
  const pendingMail = async () =>
    (await query<{ n: number }>(databaseUrl, "select count(*)::int as n from pgboss.job where name = 'mail' and state in ('created', 'retry', 'active')"))[0]!.n;
  const until = Date.now() + options.drainMs;
  let pending = await pendingMail();
  while (pending > 0 && Date.now() < until) {
    await new Promise((r) => setTimeout(r, 1_000));
    pending = await pendingMail();
  }

  const checks: Check[] = [];
  const check = (name: string, offenders: string[], detail: string) => checks.push({ name, ok: offenders.length === 0, detail: offenders.length ? sample(offenders) : detail });

  check(
    "every gift was answered (succeeded or declined)",
    gifts.filter((g) => g.answer !== "succeeded" && g.answer !== "failed").map((g) => `${g.idempotencyKey}: ${g.answer}`),
    `${gifts.length} gifts`,
  );

  const rows = await query<PaymentRow>(
    databaseUrl,
    `select p.idempotency_key as key, p.status, p.amount_cents, d.id as donation_id, d.status as gift_status,
            (select count(*) from payment_events e where e.payment_id = p.id and e.type = 'payment_intent.succeeded')::int as charges
       from payments p left join donations d on d.payment_id = p.id
      where p.idempotency_key = any($1)`,
    [gifts.map((g) => g.idempotencyKey)],
  );
  const byKey = new Map<string, PaymentRow[]>();
  for (const r of rows) byKey.set(r.key, [...(byKey.get(r.key) ?? []), r]);
  check(
    "at most one payment per idempotency key, with the status the donor was told",
    gifts.flatMap((g) => {
      const mine = byKey.get(g.idempotencyKey) ?? [];
      if (mine.length > 1) return [`${g.idempotencyKey}: ${mine.length} payments`];
      if ((g.answer === "succeeded" || g.answer === "failed") && mine[0]?.status !== g.answer) return [`${g.idempotencyKey}: told ${g.answer}, payment ${mine[0]?.status ?? "missing"}`];
      return [];
    }),
    `${rows.length} payments for ${gifts.length} keys`,
  );
  const succeeded = rows.filter((r) => r.status === "succeeded");
  check(
    "every payment succeeded (charged once) or is not charged (pending or failed, no charge)",
    rows.flatMap((r) => {
      if (r.status === "succeeded") return r.charges === 1 && r.gift_status === "succeeded" ? [] : [`${r.key}: succeeded with ${r.charges} charges, gift ${r.gift_status}`];
      return (r.status === "pending" || r.status === "failed") && r.charges === 0 ? [] : [`${r.key}: ${r.status} with ${r.charges} charges`];
    }),
    `${succeeded.length} succeeded, ${rows.filter((r) => r.status === "failed").length} failed, ${rows.filter((r) => r.status === "pending").length} pending`,
  );
  check("no idempotency key charged twice", rows.filter((r) => r.charges > 1).map((r) => `${r.key}: ${r.charges} charges`), "each charged at most once");

  const succeededCents = succeeded.reduce((sum, r) => sum + Number(r.amount_cents), 0);
  const toldCents = gifts.filter((g) => g.answer === "succeeded").reduce((sum, g) => sum + g.amountCents, 0);
  const moved = (await progressCents(databaseUrl, options.fundraiserId)) - options.progressBefore;
  check(
    "the fundraiser's progress moved by the sum of succeeded gifts, to the cent",
    moved === succeededCents && succeededCents === toldCents ? [] : [`progress moved ${moved}, succeeded payments ${succeededCents}, gifts told succeeded ${toldCents} (cents)`],
    `${moved} cents`,
  );

  // Receipts by donation id: the Message-IDs of its receipt, and how many copies arrived.
  const receipts = new Map<string, { ids: Set<string>; copies: number }>();
  for (const m of mail.messages) {
    if (!/^Your donation receipt/.test(m.subject)) continue;
    for (const id of new Set(m.body.match(/[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g) ?? [])) {
      const r = receipts.get(id) ?? { ids: new Set<string>(), copies: 0 };
      r.ids.add(m.messageId);
      r.copies++;
      receipts.set(id, r);
    }
  }
  check(
    "each succeeded gift has exactly one receipt; none for a gift not succeeded",
    rows.flatMap((r) => {
      const n = r.donation_id ? (receipts.get(r.donation_id)?.ids.size ?? 0) : 0;
      const want = r.status === "succeeded" ? 1 : 0;
      return n === want ? [] : [`${r.donation_id ?? r.key} (${r.status}): ${n} receipts`];
    }),
    `${succeeded.length} receipts`,
  );
  const repeated = rows.flatMap((r) => {
    const got = r.donation_id ? receipts.get(r.donation_id) : undefined;
    return got && got.copies > got.ids.size ? [`${r.donation_id}: ${got.copies} copies of ${[...got.ids].join(", ")}`] : [];
  });
  check(
    `each receipt sent once, but for at most ${SENDS_IN_PROGRESS} sent again with the same Message-ID after the kill`,
    repeated.length <= SENDS_IN_PROGRESS ? [] : repeated,
    repeated.length === 0 ? "no receipt sent twice" : `${repeated.length} sent again: ${sample(repeated)}`,
  );

  const [stuck] = await query<{ mail: number; expired: number }>(
    databaseUrl,
    `select count(*) filter (where name = 'mail' and state in ('created', 'retry', 'active'))::int as mail,
            count(*) filter (where state = 'active' and started_on + expire_in < now())::int as expired
       from pgboss.job`,
  );
  check(
    "no job stuck in the queue",
    stuck!.mail + stuck!.expired === 0 ? [] : [`${stuck!.mail} mail jobs still to run, ${stuck!.expired} jobs active past their expiry`],
    "mail queue drained; no job active past its expiry",
  );
  return checks;
}
