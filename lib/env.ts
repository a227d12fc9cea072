/**
 * The only reader of `process.env`. Every variable is declared here with its default and
 * parsed by zod once; a bad value stops the process at start with a message naming it.
 * The README's table of variables mirrors this schema.
 */
import "server-only";
import { z } from "zod";

const optionalUrl = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .pipe(z.string().url().optional())
  .optional();

const flag = (fallback: boolean) =>
  z
    .enum(["1", "0", "true", "false", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? fallback : ["1", "true", "yes"].includes(v)));

const serverSchema = z.object({
  NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
  /** PostgreSQL connection string; unset = embedded PGlite in DATA_DIR. */
  DATABASE_URL: optionalUrl,
  /** Folder for the embedded database, the mail outbox and uploaded files. */
  DATA_DIR: z.string().min(1).default("./.data"),
  /**
   * PGlite's shared_buffers (PostgreSQL size syntax). PGlite's own default is 128MB of buffer
   * cache inside the process; 32MB keeps a full directory import under 400 MB resident.
   */
  PGLITE_SHARED_BUFFERS: z
    .string()
    .regex(/^\d+(kB|MB|GB)$/, "PGLITE_SHARED_BUFFERS must look like 32MB")
    .default("32MB"),
  /**
   * Run the embedded database in a worker thread (default), so a statement does not hold the
   * server's other requests; 0 = on the server's own thread, as before (for comparison).
   */
  PGLITE_WORKER: flag(true),
  /** Connections of the PostgreSQL pool per app process (see lib/db/client.ts SERVER_POOL for why 10). */
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(100).default(10),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /**
   * Public address of the site (e.g. https://givebridge.example.org): links in emails, canonical
   * URLs and og:url/og:image of pages, the API's `servers`. Unset: NEXTAUTH_URL. One of the two
   * is required in production (assertPublicUrl).
   */
  PUBLIC_URL: optionalUrl,
  /** Base URL next-auth uses; also the public address when PUBLIC_URL is unset. */
  NEXTAUTH_URL: optionalUrl,
  /** Secret for session tokens and signed links; unset = a random one kept in DATA_DIR. */
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  /** Load the Vermont directory and the demo seed into an empty database at start. */
  DEMO_DATA: flag(true),
  /** SMTP server for mail (smtp://user:pass@host:port); unset = .eml files in DATA_DIR/outbox. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default("Givebridge <no-reply@givebridge.local>"),
  /**
   * Seconds a fetched mail job may stay active before another process may send it (pg-boss
   * `expireInSeconds`, lib/mail/queue.ts): how long the receipts a killed process held wait.
   * The send deadline, the queue's maintenance interval and its first retry delay follow from it.
   */
  MAIL_JOB_EXPIRE_SECONDS: z.coerce.number().int().min(10).max(900).default(60),
  /**
   * Inbox of the print-and-mail service that prints and posts verification letters (the PDF is
   * attached); with SMTP_URL unset the letter lands in DATA_DIR/outbox like any email.
   */
  LETTER_MAIL_TO: z.string().email().default("letters@givebridge.local"),
  /**
   * Redis shared by every app process for Next's page cache (redis:// or rediss://, e.g.
   * redis://127.0.0.1:6379/0); unset = each process keeps its own cache in memory. Read by
   * lib/cache/redis-cache-handler.mjs and next.config.ts, which Next loads outside the app
   * bundle; checked here at start (docs/decisions/0009-shared-page-cache-on-redis.md).
   */
  REDIS_URL: z
    .string()
    .trim()
    .transform((v) => (v === "" ? undefined : v))
    .pipe(z.string().regex(/^rediss?:\/\/[^\s]+$/, "REDIS_URL must be a redis:// or rediss:// URL").optional())
    .optional(),
  /** Prefix of every key the page cache writes in Redis: several sites or test runs can share one Redis. */
  REDIS_KEY_PREFIX: z.string().trim().min(1).max(100).default("givebridge:"),
  /** Password of the admin console; unset = admin sign-in disabled. */
  ADMIN_PASSWORD: z.string().min(12).optional(),
  /** Where admin mail goes: approval requests and business sign-up notices. */
  ADMIN_EMAIL: z.string().email().default("admin@givebridge.local"),
  /** JSON object of external content links by key (see lib/config/links.ts). */
  CONTENT_LINKS: z.string().optional(),
  /** Failed sign-ins allowed per account and per IP within LOGIN_WINDOW_SECONDS. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_IP_MAX_FAILURES: z.coerce.number().int().min(1).default(50),
  /** Tests only: a PostgreSQL server on which each test file gets its own fresh database. */
  TEST_DATABASE_URL: optionalUrl,
  /** Tests only: a folder where each test file that opens a test database is recorded (lib/db/testing.ts). */
  TEST_DATABASE_FILES: z.string().trim().min(1).optional(),
  /** Tests only: open the embedded test databases in a worker thread, as the served app does. */
  TEST_PGLITE_WORKER: flag(false),
  /** Tests only (honoured when NODE_ENV=test): hold each checkout this long between recording the donation and calling the provider. */
  CHECKOUT_TEST_PAUSE_MS: z.coerce.number().int().min(0).max(600_000).optional(),
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
  /** S3-compatible bucket for uploaded images; unset = files under DATA_DIR/uploads, served by the app. */
  S3_BUCKET: z.string().trim().min(1).optional(),
  S3_REGION: z.string().trim().min(1).default("us-east-1"),
  /** Endpoint of a non-AWS S3-compatible service (MinIO, R2, ...); unset = AWS. */
  S3_ENDPOINT: optionalUrl,
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  /** Path-style addressing (endpoint/bucket/key), needed by most non-AWS services. */
  S3_FORCE_PATH_STYLE: flag(false),
  /** Public base URL of the bucket's objects (e.g. a CDN); unset = derived from endpoint and bucket. */
  S3_PUBLIC_URL: optionalUrl,
  /** Payment provider for new gifts; unset = stripe when STRIPE_SECRET_KEY is set, else paypal when PAYPAL_CLIENT_ID is set, else sandbox. */
  PAYMENT_PROVIDER: z.enum(["sandbox", "stripe", "paypal"]).optional(),
  /** Largest single gift in cents (default $25,000). */
  DONATION_MAX_CENTS: z.coerce.number().int().min(100).default(2_500_000),
  /** HMAC secret signing the sandbox provider's webhook events; unset = derived from the auth secret. */
  SANDBOX_WEBHOOK_SECRET: z.string().min(16).optional(),
  STRIPE_SECRET_KEY: z.string().trim().min(1).optional(),
  STRIPE_PUBLISHABLE_KEY: z.string().trim().min(1).optional(),
  /** Signing secret of the Stripe webhook endpoint (whsec_...). */
  STRIPE_WEBHOOK_SECRET: z.string().trim().min(1).optional(),
  PAYPAL_CLIENT_ID: z.string().trim().min(1).optional(),
  PAYPAL_CLIENT_SECRET: z.string().trim().min(1).optional(),
  /** Id of the PayPal webhook, used by PayPal's signature verification call. */
  PAYPAL_WEBHOOK_ID: z.string().trim().min(1).optional(),
  PAYPAL_ENVIRONMENT: z.enum(["sandbox", "production"]).default("sandbox"),
  /** PayPal partner id (BN code) for partner referrals. */
  PAYPAL_PARTNER_ID: z.string().trim().min(1).optional(),
  /** Platform fee in basis points added to the processing fee (default 0). */
  PLATFORM_FEE_BPS: z.coerce.number().int().min(0).max(2000).default(0),
  /** Where the platform's copy of each donation notice goes. */
  PLATFORM_DONATIONS_EMAIL: z.string().email().default("donations@givebridge.local"),
  /**
   * Outgoing webhooks may reach this machine and private networks (http://localhost,
   * 127.0.0.1, 10.x, ...). Unset: allowed outside production, or while payments run on the
   * built-in sandbox (an offline trial); refused in production with real payments
   * (lib/webhooks/targets.ts).
   */
  WEBHOOK_ALLOW_LOCAL_TARGETS: z
    .enum(["1", "0", "true", "false", "yes", "no", ""])
    .optional()
    .transform((v) => (v === undefined || v === "" ? undefined : ["1", "true", "yes"].includes(v))),
  /**
   * Seconds to wait before each retry of a failed webhook delivery, comma-separated (decimals
   * allowed); its length is the number of retries. Default: about 3 days in 10 retries.
   */
  WEBHOOK_RETRY_SCHEDULE: z
    .string()
    .trim()
    .regex(/^\d+(\.\d+)?(\s*,\s*\d+(\.\d+)?){0,29}$/, "WEBHOOK_RETRY_SCHEDULE must be 1 to 30 comma-separated numbers of seconds")
    .default("5,300,1800,7200,18000,36000,36000,50400,50400,57600")
    .transform((v) => v.split(",").map((s) => Number(s.trim()))),
  /**
   * Proxies whose X-Forwarded-For is believed: comma-separated IP addresses or CIDR ranges
   * (e.g. "127.0.0.1,10.0.0.0/8"). Unset: no forwarded address is believed beyond the one the
   * app's own server saw.
   */
  TRUSTED_PROXIES: z.string().trim().optional(),
  /**
   * Bearer token that opens GET /api/metrics (Prometheus text format); unset = the endpoint
   * answers 404. At least 16 characters, so it cannot be guessed.
   */
  METRICS_TOKEN: z.string().trim().min(16, "METRICS_TOKEN must be at least 16 characters").optional(),
  /** Failed sign-ins allowed per account from all addresses together within LOGIN_WINDOW_SECONDS. */
  LOGIN_ACCOUNT_MAX_FAILURES: z.coerce.number().int().min(1).default(100),
  /**
   * Card-testing points per IP / per browser session / per card within CHECKOUT_WINDOW_SECONDS:
   * an attempt takes one, a decline one more, a succeeded payment gives its point back
   * (lib/services/payments/checkout-defences.ts).
   */
  CHECKOUT_IP_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(40),
  CHECKOUT_DEVICE_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(10),
  CHECKOUT_CARD_MAX_ATTEMPTS: z.coerce.number().int().min(1).default(6),
  CHECKOUT_WINDOW_SECONDS: z.coerce.number().int().min(1).default(3600),
  /** The guest checkout's proof-of-work challenge; "off" only for load tests on a closed network. */
  CHECKOUT_CHALLENGE: z.enum(["on", "off"]).default("on"),
  /**
   * PBKDF2 iterations per guess of the proof-of-work check (lib/auth/proof-of-work.ts) of
   * checkouts, sign-ins and claims: at the default 1,000 a solve is a fraction of a second on a
   * phone and a real cost per try for a script. Lower only on a closed network (the test suite,
   * whose limits and verification do not depend on it).
   */
  PROOF_OF_WORK_COST: z.coerce.number().int().min(1).max(100_000).default(1000),
  /** Public API (/api/v1) calls allowed per API key, and per IP address without a key, within API_RATE_LIMIT_WINDOW_SECONDS. */
  API_KEY_RATE_LIMIT: z.coerce.number().int().min(1).default(120),
  API_IP_RATE_LIMIT: z.coerce.number().int().min(1).default(60),
  API_RATE_LIMIT_WINDOW_SECONDS: z.coerce.number().int().min(1).max(86_400).default(60),
  /** Set by Next itself: "phase-production-build" while `next build` prerenders pages (next/constants). */
  NEXT_PHASE: z.string().optional(),
});

export type ServerEnv = z.infer<typeof serverSchema>;

let cached: ServerEnv | undefined;

/**
 * The parsed server environment (memoized).
 * @throws Error naming every invalid variable.
 */
export function serverEnv(): ServerEnv {
  if (cached) return cached;
  const parsed = serverSchema.safeParse(process.env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; ");
    throw new Error(`Invalid environment variable(s): ${problems}`);
  }
  cached = parsed.data;
  return cached;
}

/** Forget the memoized environment (tests and CLI scripts that change variables). */
export function resetServerEnv(): void {
  cached = undefined;
}

/**
 * True while `next build` prerenders pages. The build has no database (the server migrates
 * and loads data when it starts, lib/server/startup.ts), so a page prerendered then must not
 * read it; such a page is never served (next.config.ts: the server's cache handler does not
 * read the build folder, so each page is rendered on its first request).
 */
export function isBuildPhase(): boolean {
  return serverEnv().NEXT_PHASE === "phase-production-build";
}

/** The public base URL, without a trailing slash: PUBLIC_URL, else NEXTAUTH_URL, else http://localhost:PORT (development and tests). */
export function baseUrl(): string {
  const env = serverEnv();
  return (env.PUBLIC_URL ?? env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}

/**
 * Refuse to serve in production without a public address: links, canonical URLs, og:url and
 * the API's `servers` would otherwise name http://localhost, which no visitor can open.
 * Called when the server starts (scripts/server.ts); tests run with NODE_ENV=test.
 * @throws Error saying which variable to set.
 */
export function assertPublicUrl(): void {
  const env = serverEnv();
  if (env.NODE_ENV === "production" && !env.PUBLIC_URL && !env.NEXTAUTH_URL) {
    throw new Error(
      "PUBLIC_URL is not set: set it to the site's public address (e.g. PUBLIC_URL=https://givebridge.example.org) before starting in production. " +
        "Links in emails, canonical URLs, og:url and the API's servers are built from it (NEXTAUTH_URL is used when PUBLIC_URL is unset).",
    );
  }
}

/**
 * Tests only: set variables (undefined removes one) and drop the cached settings, so the
 * next serverEnv() reads them. The one place besides serverEnv() that touches process.env.
 */
export function setEnvForTests(vars: Record<string, string | undefined>): void {
  for (const [key, value] of Object.entries(vars)) {
    if (value === undefined) delete process.env[key];
    else process.env[key] = value;
  }
  resetServerEnv();
}

/** The environment of a child process: this process's variables with `overrides` on top (undefined removes one). */
export function childProcessEnv(overrides: Record<string, string | undefined>): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = { ...process.env };
  for (const [key, value] of Object.entries(overrides)) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return env;
}
