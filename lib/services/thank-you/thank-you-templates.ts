/**
 * The organization's thank-you emails as its members edit them (Manage Donations → Thank-you
 * emails): read, save, preview and send a test. Templates are plain text with merge fields
 * (lib/validations/thank-you.ts); an organization that never saved uses the built-in defaults,
 * switched on. Access: "donorMail.manage" (lib/auth/can.ts), checked against the database before
 * any read or write: 401 for nobody, 403 for anyone but a current member of the organization.
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorize, authorizeOrganization } from "@/lib/auth/authorize";
import { makeDbLimiter, consumeAll } from "@/lib/auth/rate-limit";
import { getDb, type Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { enqueueMail } from "@/lib/mail/queue";
import { thankYouMail } from "@/lib/mail/templates/thank-you";
import type { MailMessage } from "@/lib/mail/transport";
import { formatDayInTimeZone } from "@/lib/time/zoned-time";
import { messages } from "@/lib/validations/messages";
import {
  DEFAULT_THANK_YOU_TEMPLATES,
  SAMPLE_MERGE_VALUES,
  THANK_YOU_VARIANTS,
  renderMergeFields,
  thankYouDraftSchema,
  thankYouSettingsSchema,
  type MergeValues,
  type ThankYouDraft,
  type ThankYouTemplate,
  type ThankYouVariant,
} from "@/lib/validations/thank-you";
import { thankYouSettings, thankYouTemplates, users } from "@/models";
import { loadOrganizationSender, type OrganizationSender } from "./organization-sender";

/** The master switch and every variant's template (saved, or the default). */
export type ThankYouSettings = { enabled: boolean; templates: Record<ThankYouVariant, ThankYouTemplate> };

/** A rendered draft: what the donor would read. */
export type ThankYouPreview = { subject: string; text: string; html: string; fromName: string; replyTo: string | null };

/** Test emails a member may send within TEST_WINDOW_SECONDS (a little limit: they go to the member's own inbox). */
export const TEST_SENDS_PER_WINDOW = 5;
export const TEST_WINDOW_SECONDS = 10 * 60;

/** The settings of organization `organizationId` read in `db`, defaults filled in (no access check: callers check). */
export async function readThankYouSettings({ db, organizationId }: { db: Executor; organizationId: string }): Promise<ThankYouSettings> {
  const [[switchRow], rows] = await Promise.all([
    db.select({ enabled: thankYouSettings.enabled }).from(thankYouSettings).where(eq(thankYouSettings.organizationId, organizationId)),
    db.select({ variant: thankYouTemplates.variant, enabled: thankYouTemplates.enabled, subject: thankYouTemplates.subject, body: thankYouTemplates.body }).from(thankYouTemplates).where(eq(thankYouTemplates.organizationId, organizationId)),
  ]);
  const templates = { ...DEFAULT_THANK_YOU_TEMPLATES };
  for (const r of rows) {
    if ((THANK_YOU_VARIANTS as readonly string[]).includes(r.variant)) templates[r.variant as ThankYouVariant] = { enabled: r.enabled, subject: r.subject, body: r.body };
  }
  return { enabled: switchRow?.enabled ?? true, templates };
}

/**
 * The organization's thank-you settings.
 * @returns ThankYouSettings. @throws AppError(unauthenticated | forbidden | not_found) (authorizeOrganization).
 */
export async function getThankYouSettings({ actor, organizationId }: { actor: Actor | null; organizationId: string }): Promise<ThankYouSettings> {
  authorize(actor, "donorMail.manage", { organizationId });
  const db = await getDb();
  await authorizeOrganization(db, actor, "donorMail.manage", organizationId);
  return readThankYouSettings({ db, organizationId });
}

/** What the editor page shows: the settings, the organization's display name and its IANA time zone. */
export type ThankYouEditorContext = { settings: ThankYouSettings; organizationName: string; timeZone: string };

/**
 * The editor page's context.
 * @throws AppError(unauthenticated | forbidden | not_found) (authorizeOrganization).
 */
export async function getThankYouEditor({ actor, organizationId }: { actor: Actor | null; organizationId: string }): Promise<ThankYouEditorContext> {
  authorize(actor, "donorMail.manage", { organizationId });
  const db = await getDb();
  await authorizeOrganization(db, actor, "donorMail.manage", organizationId);
  const [settings, org] = await Promise.all([readThankYouSettings({ db, organizationId }), loadSender(db, organizationId)]);
  return { settings, organizationName: org.name, timeZone: org.timeZone };
}

/**
 * Save the master switch and all four templates (validated with thankYouSettingsSchema: an
 * unknown merge field is refused with a message naming it).
 * @returns the saved settings. @throws ZodError (400 with per-field messages); AppError as getThankYouSettings.
 */
export async function saveThankYouSettings({ actor, organizationId, input }: { actor: Actor | null; organizationId: string; input: unknown }): Promise<ThankYouSettings> {
  authorize(actor, "donorMail.manage", { organizationId });
  const values = thankYouSettingsSchema.parse(input);
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "donorMail.manage", organizationId);
    const now = new Date();
    await tx
      .insert(thankYouSettings)
      .values({ organizationId, enabled: values.enabled, updatedAt: now })
      .onConflictDoUpdate({ target: thankYouSettings.organizationId, set: { enabled: values.enabled, updatedAt: now } });
    for (const variant of THANK_YOU_VARIANTS) {
      const t = values.templates[variant];
      await tx
        .insert(thankYouTemplates)
        .values({ organizationId, variant, enabled: t.enabled, subject: t.subject, body: t.body, updatedAt: now })
        .onConflictDoUpdate({ target: [thankYouTemplates.organizationId, thankYouTemplates.variant], set: { enabled: t.enabled, subject: t.subject, body: t.body, updatedAt: now } });
    }
    return readThankYouSettings({ db: tx, organizationId });
  });
}

/** The sample values of the preview and the test, with the organization's name and today in its zone. */
function sampleValues(org: OrganizationSender, now: Date): MergeValues {
  return { ...SAMPLE_MERGE_VALUES, organization: org.name, date: formatDayInTimeZone(now, org.timeZone, { long: true }) };
}

/** The message of `draft` to `to`, with `values`. */
export function renderThankYou({ draft, values, to, organization }: { draft: Pick<ThankYouDraft, "subject" | "body">; values: MergeValues; to: string; organization: OrganizationSender }): MailMessage {
  return thankYouMail({
    to,
    subject: renderMergeFields(draft.subject, values),
    body: renderMergeFields(draft.body, values),
    organization: { name: organization.name, logoUrl: organization.logoUrl, ein: null, deductibility: null, email: organization.email },
  });
}

async function loadSender(db: Executor, organizationId: string): Promise<OrganizationSender> {
  const org = await loadOrganizationSender({ db, organizationId });
  if (!org) throw new AppError("not_found", messages.organization.notFound);
  return org;
}

/**
 * One variant's draft rendered with a sample donor who shared their name (lib/validations/thank-you.ts, SAMPLE_MERGE_VALUES).
 * @returns ThankYouPreview (subject, text, escaped HTML, sender name, Reply-To).
 * @throws ZodError (400) for a bad draft; AppError as getThankYouSettings.
 */
export async function previewThankYou({ actor, organizationId, input, now = new Date() }: { actor: Actor | null; organizationId: string; input: unknown; now?: Date }): Promise<ThankYouPreview> {
  authorize(actor, "donorMail.manage", { organizationId });
  const draft = thankYouDraftSchema.parse(input);
  const db = await getDb();
  await authorizeOrganization(db, actor, "donorMail.manage", organizationId);
  const org = await loadSender(db, organizationId);
  const mail = renderThankYou({ draft, values: sampleValues(org, now), to: "donor@example.org", organization: org });
  return { subject: mail.subject, text: mail.text, html: mail.html ?? "", fromName: mail.fromName ?? "", replyTo: mail.replyTo ?? null };
}

/**
 * Send one variant's draft, rendered with the sample donor, to the signed-in member's own
 * email (as the account is now; never another address), at most TEST_SENDS_PER_WINDOW per
 * member per TEST_WINDOW_SECONDS.
 * @returns the address it was queued to. @throws AppError(rate_limited) past the limit; as previewThankYou.
 */
export async function sendThankYouTest({ actor, organizationId, input, now = new Date() }: { actor: Actor | null; organizationId: string; input: unknown; now?: Date }): Promise<{ sentTo: string }> {
  authorize(actor, "donorMail.manage", { organizationId });
  const draft = thankYouDraftSchema.parse(input);
  const db = await getDb();
  await authorizeOrganization(db, actor, "donorMail.manage", organizationId);
  const [account] = await db.select({ email: users.email }).from(users).where(eq(users.id, actor.id)).limit(1);
  if (!account?.email) throw new AppError("forbidden", messages.auth.forbidden);
  const org = await loadSender(db, organizationId);
  await consumeAll([[makeDbLimiter(db, "thank_you_test", TEST_SENDS_PER_WINDOW, TEST_WINDOW_SECONDS), actor.id]], messages.thankYou.testRateLimited);
  const to = String(account.email);
  const mail = renderThankYou({ draft, values: sampleValues(org, now), to, organization: org });
  await enqueueMail({ ...mail, subject: `[Test] ${mail.subject}` });
  return { sentTo: to };
}
