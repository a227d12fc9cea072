/**
 * The only reader of `process.env`. Every variable is declared here with its default and
 * parsed by zod once; a bad value stops the process at start with a message naming it.
 * The README's table of variables mirrors this schema.
 */
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
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  /** Public base URL of the site, used in links in emails and by next-auth. */
  NEXTAUTH_URL: optionalUrl,
  /** Secret for session tokens and signed links; unset = a random one kept in DATA_DIR. */
  NEXTAUTH_SECRET: z.string().min(16).optional(),
  /** Load the Vermont directory and the demo seed into an empty database at start. */
  DEMO_DATA: flag(true),
  /** SMTP server for mail (smtp://user:pass@host:port); unset = .eml files in DATA_DIR/outbox. */
  SMTP_URL: optionalUrl,
  MAIL_FROM: z.string().min(3).default("Givebridge <no-reply@givebridge.local>"),
  /** Password of the admin console; unset = admin sign-in disabled. */
  ADMIN_PASSWORD: z.string().min(12).optional(),
  /** JSON object of external content links by key (see lib/config/links.ts). */
  CONTENT_LINKS: z.string().optional(),
  /** Failed sign-ins allowed per account and per IP within LOGIN_WINDOW_SECONDS. */
  LOGIN_MAX_FAILURES: z.coerce.number().int().min(1).default(5),
  LOGIN_IP_MAX_FAILURES: z.coerce.number().int().min(1).default(50),
  /** Tests only: a PostgreSQL server on which each test file gets its own fresh database. */
  TEST_DATABASE_URL: optionalUrl,
  LOGIN_WINDOW_SECONDS: z.coerce.number().int().min(1).default(900),
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

/** The public base URL: NEXTAUTH_URL or http://localhost:PORT. */
export function baseUrl(): string {
  const env = serverEnv();
  return (env.NEXTAUTH_URL ?? `http://localhost:${env.PORT}`).replace(/\/$/, "");
}
