/**
 * The process's Prometheus metrics (prom-client), served by GET /api/metrics. One registry per
 * process, kept on globalThis: Next evaluates modules more than once per process, and two
 * registries would each hold half of the counts.
 *
 * Instrumented code calls one function of `metrics` per event; values that are states rather
 * than events (database pool, oldest queued mail) are set by `setGauges` just before a scrape.
 * Labels are closed sets (route patterns, outcomes, statuses), never a concrete URL, an id or
 * a message, so the number of series stays bounded (Prometheus naming and label practice:
 * https://prometheus.io/docs/practices/naming/). Durations are in seconds, ages in seconds.
 * This module imports nothing of lib/, so any layer may instrument itself with it.
 */
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from "prom-client";

function build() {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, prefix: "givebridge_" });
  const r = { registers: [registry] };
  return {
    registry,
    requestDuration: new Histogram({
      name: "givebridge_http_request_duration_seconds",
      help: "Time to answer an HTTP request, by route pattern (app/ path), method and status",
      labelNames: ["route", "method", "status"] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      ...r,
    }),
    checkouts: new Counter({ name: "givebridge_checkouts_total", help: "Checkouts by outcome (the donation's status, or the error code)", labelNames: ["outcome"] as const, ...r }),
    paymentEvents: new Counter({
      name: "givebridge_payment_events_applied_total",
      help: "Provider payment events recorded (each once), by their effect on the payment: applied, reversed or none",
      labelNames: ["effect"] as const,
      ...r,
    }),
    mail: new Counter({ name: "givebridge_mail_total", help: "Mail messages queued (counted when the job is written, before its transaction commits), sent, and failed delivery attempts (each retried)", labelNames: ["event"] as const, ...r }),
    mailOldestQueued: new Gauge({ name: "givebridge_mail_oldest_queued_age_seconds", help: "Age of the oldest message waiting in the mail queue; 0 when none waits", ...r }),
    recurringCharges: new Counter({ name: "givebridge_recurring_charges_total", help: "Monthly recurring-gift charges by outcome", labelNames: ["outcome"] as const, ...r }),
    searchWait: new Histogram({
      name: "givebridge_search_admission_wait_seconds",
      help: "Time a directory search waited for its turn on the database",
      buckets: [0.001, 0.01, 0.05, 0.1, 0.25, 0.5, 1, 2, 3, 5],
      ...r,
    }),
    searchRefused: new Counter({ name: "givebridge_search_refused_total", help: "Searches answered busy (503) by admission", labelNames: ["reason"] as const, ...r }),
    dbPool: new Gauge({ name: "givebridge_db_pool_connections", help: "Database connections by state (pg pool total/idle/waiting clients; embedded: one connection)", labelNames: ["state"] as const, ...r }),
  };
}

type State = ReturnType<typeof build>;
const globalForMetrics = globalThis as unknown as { __givebridgeMetrics?: State };

/** The process-wide metrics (created on first use). */
export function metricsState(): State {
  globalForMetrics.__givebridgeMetrics ??= build();
  return globalForMetrics.__givebridgeMetrics;
}

/** Status label of a thrown value: its AppError-style `code`, else "error". */
function codeOf(err: unknown): string {
  const code = (err as { code?: unknown } | null)?.code;
  return typeof code === "string" && /^[a-z_]{1,40}$/.test(code) ? code : "error";
}

/** Mail events counted by `metrics.mail`. */
export type MailEvent = "queued" | "sent" | "failed";

/**
 * One call per event; each never throws (a metric must not break what it measures).
 */
export const metrics = {
  /** A request answered: `route` is the app/ route pattern ("/api/receipts/[donationId]"). */
  request(route: string, method: string, status: number, seconds: number): void {
    metricsState().requestDuration.observe({ route, method, status: String(status) }, seconds);
  },
  /**
   * Count the outcome of a checkout promise and pass it through unchanged: the donation's
   * status when it resolves ("succeeded", "pending", "failed"...), the error's code when it
   * rejects ("rate_limited", "validation"...).
   */
  checkout<T extends { status?: string }>(answer: Promise<T>): Promise<T> {
    return answer.then(
      (value) => {
        metricsState().checkouts.inc({ outcome: typeof value?.status === "string" ? value.status : "unknown" });
        return value;
      },
      (err: unknown) => {
        metricsState().checkouts.inc({ outcome: codeOf(err) });
        throw err;
      },
    );
  },
  /** A provider's payment event recorded for the first time (a duplicate delivery is not counted), by its effect ("applied", "reversed", "none"). */
  paymentEventApplied(effect: string): void {
    metricsState().paymentEvents.inc({ effect });
  },
  /** `count` mail messages queued, sent or failed. */
  mail(event: MailEvent, count = 1): void {
    if (count > 0) metricsState().mail.inc({ event }, count);
  },
  /** A recurring-gift charge's outcome ("charged", "failed", "skipped"...). */
  recurringCharge(outcome: string): void {
    metricsState().recurringCharges.inc({ outcome });
  },
  /** A search admitted after waiting `ms` milliseconds. */
  searchAdmitted(ms: number): void {
    metricsState().searchWait.observe(ms / 1000);
  },
  /** A search answered busy ("queue_full", "waited_too_long"), or dropped while waiting because everyone who asked for it had gone ("abandoned"). */
  searchRefused(reason: "queue_full" | "waited_too_long" | "abandoned"): void {
    metricsState().searchRefused.inc({ reason });
  },
};

/** The state gauges, sampled just before a scrape. */
export type GaugeSample = {
  pool: { total: number; idle: number; waiting: number };
  /** Seconds; 0 when the queue is empty. */
  oldestQueuedMailSeconds: number;
};

/** Record a sample of the state gauges. */
export function setGauges(sample: GaugeSample): void {
  const s = metricsState();
  s.dbPool.set({ state: "total" }, sample.pool.total);
  s.dbPool.set({ state: "idle" }, sample.pool.idle);
  s.dbPool.set({ state: "waiting" }, sample.pool.waiting);
  s.mailOldestQueued.set(sample.oldestQueuedMailSeconds);
}

/** The registry in Prometheus's text exposition format, with its content type. */
export async function metricsText(): Promise<{ contentType: string; body: string }> {
  const { registry } = metricsState();
  return { contentType: registry.contentType, body: await registry.metrics() };
}
