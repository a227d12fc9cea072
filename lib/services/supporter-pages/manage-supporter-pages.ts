/**
 * The organization's side of peer-to-peer fundraising: every supporter page and team of its
 * fundraisers with their totals (and the CSV of them), its message to the supporters of one
 * fundraiser with a link that unsubscribes each one, and anyone's report of a page to the
 * organization and the platform's team. Approving, hiding, closing, editing and deleting a page
 * are changeSupporterPageStatus / updateSupporterPage / deleteSupporterPage (./supporter-pages.ts).
 *
 * A supporter's email reaches the organization only when the supporter agreed to share it
 * (supporter_pages.share_email_with_organization); otherwise it is null in the view and empty in
 * the CSV. Money is integer cents; totals are sums of succeeded gifts (totalsByPage, totalsByTeam).
 * Every read and write checks "supporterPage.moderate" (lib/auth/can.ts) against the database
 * first (authorizeOrganization / authorizeFundraiser).
 */
import "server-only";
import { stringify } from "csv-stringify/sync";
import { and, count, desc, eq, gt, inArray, isNotNull, isNull, ne, type SQL } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorize, authorizeFundraiser, authorizeOrganization } from "@/lib/auth/authorize";
import { consumeAll, makeDbLimiter } from "@/lib/auth/rate-limit";
import { checkSupporterUnsubscribeToken, supporterUnsubscribeUrl } from "@/lib/auth/supporter-unsubscribe-link";
import { getDb, type Executor } from "@/lib/db/client";
import { organizationDisplayName } from "@/lib/directory/display-name";
import { SUPPORTER_PAGE_STATUSES, supporterPageStatusLabel } from "@/lib/donations/supporter-page-labels";
import { baseUrl, serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { enqueueMails } from "@/lib/mail/queue";
import { supporterMessageMail } from "@/lib/mail/templates/supporter";
import type { MailMessage } from "@/lib/mail/transport";
import { centsToDecimalString, type Cents } from "@/lib/money";
import { SAFE_CSV_OPTIONS } from "@/lib/services/reports/donation-csv";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";
import { messages } from "@/lib/validations/messages";
import { supporterMessageSchema, supporterPageReportSchema } from "@/lib/validations/supporter-pages";
import { fundraisers, organizationAuditLog, organizations, supporterPages, supporterTeams, users } from "@/models";
import { supporterPagePath, supporterTeamPath, totalsByPage, totalsByTeam, type SupporterPageStatus } from "./supporter-pages";

const m = messages.supporterPages;

/** The audit log's action of a message to a fundraiser's supporters (subject: the fundraiser). */
export const SUPPORTER_MESSAGE_AUDIT = "supporter_pages.messaged";
/** Messages an organization may send to one fundraiser's supporters per rolling 24 hours. */
export const SUPPORTER_MESSAGES_PER_DAY = 5;
/** Reports of supporter pages accepted per IP address per hour. */
export const SUPPORTER_REPORTS_PER_HOUR = 10;
/** The most pages the view lists (newest first); the CSV has the same rows. */
export const SUPPORTER_PAGES_LIST_MAX = 2000;
const DAY_MS = 24 * 60 * 60 * 1000;

/** The CSV's columns, in order. */
export const SUPPORTER_PAGES_CSV_COLUMNS = ["Page", "Team", "Supporter name", "Supporter email", "Goal USD", "Raised USD", "Gifts", "Status", "Page URL"] as const;

/** One supporter page as its organization sees it. */
export type OrganizationSupporterPage = {
  id: string;
  campaignId: string;
  fundraiserName: string;
  title: string;
  story: string;
  /** "/fundraiser/{campaignId}/p/{slug}". */
  path: string;
  status: SupporterPageStatus;
  team: { id: string; name: string } | null;
  /** "First Last" of the supporter's account; null once the account is gone. */
  supporterName: string | null;
  /** Only when the supporter agreed to share it with the organization; else null. */
  supporterEmail: string | null;
  goalCents: Cents;
  raisedCents: Cents;
  giftCount: number;
  /** ISO 8601, UTC. */
  createdAt: string;
};

/** One team of the organization's fundraisers with its totals. */
export type OrganizationSupporterTeam = {
  id: string;
  campaignId: string;
  fundraiserName: string;
  name: string;
  /** "/fundraiser/{campaignId}/t/{slug}". */
  path: string;
  status: SupporterPageStatus;
  goalCents: Cents;
  raisedCents: Cents;
  giftCount: number;
  /** Pages in the team now. */
  pageCount: number;
};

/** A fundraiser of the organization with its supporter-page options (the settings form). */
export type OrganizationSupporterFundraiser = {
  id: string;
  name: string;
  status: "active" | "ended";
  enabled: boolean;
  needApproval: boolean;
  teamsAllowed: boolean;
  suggestedGoalCents: Cents | null;
  story: string;
};

export type OrganizationSupporterPages = {
  pages: OrganizationSupporterPage[];
  teams: OrganizationSupporterTeam[];
  fundraisers: OrganizationSupporterFundraiser[];
};

export type ListSupporterPagesOptions = {
  actor: Actor | null;
  organizationId: string;
  /** Only this fundraiser's pages and teams. */
  fundraiserId?: string | null;
  /** Only pages in this state (teams are not filtered by it). */
  status?: string | null;
  /** Only this team's pages. */
  teamId?: string | null;
};

/** Throw the first field error of a failed zod parse as AppError(validation) with every field's message. */
function parseOrThrow<T>(result: { success: true; data: T } | { success: false; error: Parameters<typeof zodFieldErrors>[0] }): T {
  if (result.success) return result.data;
  const fields = zodFieldErrors(result.error, topField);
  throw new AppError("validation", Object.values(fields)[0] ?? messages.generic.badRequest, fields);
}

/** Refuse anyone but a current member of `organizationId`, first from the session, then from the database. */
async function authorizeModerator(db: Executor, actor: Actor | null, organizationId: string): Promise<void> {
  authorize(actor, "supporterPage.moderate", { organizationId });
  await authorizeOrganization(db, actor, "supporterPage.moderate", organizationId);
}

/** "First Last" of an account, trimmed; null when empty or absent. */
const fullName = (first: string | null, last: string | null): string | null => [first, last].filter(Boolean).join(" ").trim() || null;

/** The pages of `organizationId` matching `where`, newest first, with totals. Internal: callers check access. */
async function selectPages(db: Executor, organizationId: string, where: SQL[]): Promise<OrganizationSupporterPage[]> {
  const rows = await db
    .select({
      id: supporterPages.id,
      campaignId: supporterPages.fundraiserId,
      fundraiserName: fundraisers.name,
      slug: supporterPages.slug,
      title: supporterPages.title,
      story: supporterPages.story,
      status: supporterPages.status,
      goalCents: supporterPages.goalCents,
      shareEmail: supporterPages.shareEmailWithOrganization,
      createdAt: supporterPages.createdAt,
      teamId: supporterTeams.id,
      teamName: supporterTeams.name,
      firstName: users.firstName,
      lastName: users.lastName,
      email: users.email,
    })
    .from(supporterPages)
    .innerJoin(fundraisers, eq(fundraisers.id, supporterPages.fundraiserId))
    .leftJoin(supporterTeams, eq(supporterTeams.id, supporterPages.teamId))
    .leftJoin(users, and(eq(users.id, supporterPages.userId), isNull(users.deletedAt)))
    .where(and(eq(supporterPages.organizationId, organizationId), ...where))
    .orderBy(desc(supporterPages.createdAt), desc(supporterPages.id))
    .limit(SUPPORTER_PAGES_LIST_MAX);
  const totals = await totalsByPage({ db, pageIds: rows.map((r) => r.id) });
  return rows.map((r) => {
    const t = totals.get(r.id) ?? { raisedCents: 0, giftCount: 0 };
    return {
      id: r.id,
      campaignId: r.campaignId,
      fundraiserName: r.fundraiserName,
      title: r.title,
      story: r.story,
      path: supporterPagePath({ fundraiserId: r.campaignId, slug: r.slug }),
      status: r.status,
      team: r.teamId ? { id: r.teamId, name: r.teamName ?? "" } : null,
      supporterName: fullName(r.firstName, r.lastName),
      // The supporter's choice decides; the address never leaves this function otherwise.
      supporterEmail: r.shareEmail && r.email ? r.email : null,
      goalCents: r.goalCents,
      raisedCents: t.raisedCents,
      giftCount: t.giftCount,
      createdAt: r.createdAt.toISOString(),
    };
  });
}

/**
 * Every supporter page of the organization's fundraisers (all states, newest first, at most
 * SUPPORTER_PAGES_LIST_MAX), each with its fundraiser, team, supporter's name, the supporter's
 * email only when they agreed to share it (else null), goal, raised and gift count (succeeded
 * gifts, cents); the teams with their totals and page counts; and the fundraisers with their
 * supporter-page options.
 * @throws AppError(unauthenticated | forbidden) for anyone but a current member of the
 *   organization; AppError(not_found) for an unknown organization; AppError(validation)
 *   (messages.supporterPages.statusFilterInvalid) for an unknown status.
 */
export async function listSupporterPagesForOrganization({ actor, organizationId, fundraiserId, status, teamId }: ListSupporterPagesOptions): Promise<OrganizationSupporterPages> {
  authorize(actor, "supporterPage.moderate", { organizationId });
  if (status && !SUPPORTER_PAGE_STATUSES.includes(status as SupporterPageStatus)) throw new AppError("validation", m.statusFilterInvalid, { status: m.statusFilterInvalid });
  const db = await getDb();
  await authorizeModerator(db, actor, organizationId);

  const pageWhere: SQL[] = [];
  if (fundraiserId) pageWhere.push(eq(supporterPages.fundraiserId, fundraiserId));
  if (status) pageWhere.push(eq(supporterPages.status, status as SupporterPageStatus));
  if (teamId) pageWhere.push(eq(supporterPages.teamId, teamId));
  const pages = await selectPages(db, organizationId, pageWhere);

  const teamRows = await db
    .select({
      id: supporterTeams.id,
      campaignId: supporterTeams.fundraiserId,
      fundraiserName: fundraisers.name,
      name: supporterTeams.name,
      slug: supporterTeams.slug,
      status: supporterTeams.status,
      goalCents: supporterTeams.goalCents,
    })
    .from(supporterTeams)
    .innerJoin(fundraisers, eq(fundraisers.id, supporterTeams.fundraiserId))
    .where(and(eq(supporterTeams.organizationId, organizationId), ...(fundraiserId ? [eq(supporterTeams.fundraiserId, fundraiserId)] : [])))
    .orderBy(supporterTeams.name)
    .limit(SUPPORTER_PAGES_LIST_MAX);
  const teamIds = teamRows.map((t) => t.id);
  const teamTotals = await totalsByTeam({ db, teamIds });
  const memberCounts = teamIds.length
    ? await db.select({ teamId: supporterPages.teamId, n: count() }).from(supporterPages).where(inArray(supporterPages.teamId, teamIds)).groupBy(supporterPages.teamId)
    : [];
  const members = new Map(memberCounts.map((r) => [r.teamId!, r.n]));
  const teams = teamRows.map((t) => {
    const totals = teamTotals.get(t.id) ?? { raisedCents: 0, giftCount: 0 };
    return {
      id: t.id,
      campaignId: t.campaignId,
      fundraiserName: t.fundraiserName,
      name: t.name,
      path: supporterTeamPath({ fundraiserId: t.campaignId, slug: t.slug }),
      status: t.status,
      goalCents: t.goalCents,
      raisedCents: totals.raisedCents,
      giftCount: totals.giftCount,
      pageCount: members.get(t.id) ?? 0,
    };
  });

  const fundraiserRows = await db
    .select({
      id: fundraisers.id,
      name: fundraisers.name,
      status: fundraisers.status,
      enabled: fundraisers.supporterPagesEnabled,
      needApproval: fundraisers.supporterPagesNeedApproval,
      teamsAllowed: fundraisers.supporterTeamsAllowed,
      suggestedGoalCents: fundraisers.supporterSuggestedGoalCents,
      story: fundraisers.supporterStory,
    })
    .from(fundraisers)
    .where(eq(fundraisers.organizationId, organizationId))
    .orderBy(desc(fundraisers.createdAt))
    .limit(500);

  return { pages, teams, fundraisers: fundraiserRows };
}

export type SupporterPagesCsvOptions = { actor: Actor | null; organizationId: string; fundraiserId?: string | null; now?: Date };

/**
 * The organization's supporter pages (as listSupporterPagesForOrganization, every state) as CSV
 * with the columns SUPPORTER_PAGES_CSV_COLUMNS: amounts in dollars with two decimals
 * ("1234.56"), the supporter's email empty unless they agreed to share it, the page's absolute
 * URL. Cells that a spreadsheet would run as a formula are neutralized (SAFE_CSV_OPTIONS).
 * @returns { filename: "supporter-pages-YYYY-MM-DD.csv" (UTC day of `now`), csv }.
 * @throws as listSupporterPagesForOrganization.
 */
export async function supporterPagesCsv({ actor, organizationId, fundraiserId, now = new Date() }: SupporterPagesCsvOptions): Promise<{ filename: string; csv: string }> {
  const { pages } = await listSupporterPagesForOrganization({ actor, organizationId, fundraiserId });
  const records = pages.map((p) => [
    p.title,
    p.team?.name ?? "",
    p.supporterName ?? "",
    p.supporterEmail ?? "",
    centsToDecimalString(p.goalCents),
    centsToDecimalString(p.raisedCents),
    String(p.giftCount),
    supporterPageStatusLabel(p.status),
    `${baseUrl()}${p.path}`,
  ]);
  const csv = stringify(records, { header: true, columns: [...SUPPORTER_PAGES_CSV_COLUMNS], ...SAFE_CSV_OPTIONS });
  return { filename: `supporter-pages-${now.toISOString().slice(0, 10)}.csv`, csv };
}

export type MessageSupportersOptions = { actor: Actor | null; fundraiserId: string; input: unknown; now?: Date };

/**
 * The organization writes to the supporters of fundraiser `campaignId` (supporterMessageSchema:
 * subject, body): one email per supporter page whose supporter's account exists, that is not
 * hidden and whose supporter has not unsubscribed, with the organization's name and logo, a
 * Reply-To of the organization's contact email when it has one, and the page's own unsubscribe
 * link. The emails are queued, with an entry of the organization's audit log, in one transaction.
 * At most SUPPORTER_MESSAGES_PER_DAY messages per fundraiser in any 24 hours.
 * @returns { queued: number of emails }.
 * @throws AppError(not_found) unknown fundraiser; AppError(unauthenticated | forbidden) for
 *   anyone but its organization's members; AppError(validation) 422 with per-field messages;
 *   AppError(rate_limited) (messages.supporterPages.messageLimit) past the daily allowance.
 *   Nothing is queued when it throws.
 */
export async function messageSupporters({ actor, fundraiserId, input, now = new Date() }: MessageSupportersOptions): Promise<{ queued: number }> {
  const db = await getDb();
  const organizationId = await authorizeFundraiser(db, actor, "supporterPage.moderate", fundraiserId);
  const { subject, body } = parseOrThrow(supporterMessageSchema.safeParse(input));
  return db.transaction(async (tx) => {
    // The fundraiser's row is locked so two messages at once count each other.
    await tx.select({ id: fundraisers.id }).from(fundraisers).where(eq(fundraisers.id, fundraiserId)).for("update");
    const [sent] = await tx
      .select({ n: count() })
      .from(organizationAuditLog)
      .where(
        and(
          eq(organizationAuditLog.organizationId, organizationId),
          eq(organizationAuditLog.action, SUPPORTER_MESSAGE_AUDIT),
          eq(organizationAuditLog.subjectId, fundraiserId),
          gt(organizationAuditLog.createdAt, new Date(now.getTime() - DAY_MS)),
        ),
      );
    if ((sent?.n ?? 0) >= SUPPORTER_MESSAGES_PER_DAY) throw new AppError("rate_limited", m.messageLimit, undefined, 60 * 60);

    const [org] = await tx
      .select({ name: organizations.name, legalName: organizations.legalName, logoUrl: organizations.logoUrl, email: organizations.email })
      .from(organizations)
      .where(eq(organizations.id, organizationId))
      .limit(1);
    const recipients = await tx
      .select({ pageId: supporterPages.id, slug: supporterPages.slug, email: users.email, firstName: users.firstName })
      .from(supporterPages)
      .innerJoin(users, and(eq(users.id, supporterPages.userId), isNull(users.deletedAt)))
      .where(and(eq(supporterPages.fundraiserId, fundraiserId), isNotNull(supporterPages.userId), ne(supporterPages.status, "hidden"), eq(supporterPages.messagesOptOut, false)))
      .orderBy(supporterPages.createdAt)
      .limit(SUPPORTER_PAGES_LIST_MAX);
    const organizationName = organizationDisplayName({ name: org!.name, legalName: org!.legalName });
    const mails: MailMessage[] = recipients.map((r) =>
      supporterMessageMail({
        to: r.email,
        supporterFirstName: r.firstName,
        organizationName,
        organizationLogoUrl: org!.logoUrl,
        subject,
        body,
        pagePath: supporterPagePath({ fundraiserId, slug: r.slug }),
        unsubscribeUrl: supporterUnsubscribeUrl(r.pageId),
        replyTo: org!.email ?? null,
      }),
    );
    await enqueueMails(mails, { tx });
    await tx.insert(organizationAuditLog).values({ organizationId, actorUserId: actor!.id, action: SUPPORTER_MESSAGE_AUDIT, subjectId: fundraiserId, details: { subject, queued: mails.length } });
    return { queued: mails.length };
  });
}

export type UnsubscribeSupporterOptions = { pageId: unknown; token: unknown };

/** What the unsubscribe page shows before the supporter confirms. */
export type SupporterUnsubscribeTarget = { pageId: string; pageTitle: string; organizationName: string; unsubscribed: boolean };

/** The page of a valid unsubscribe link. @throws AppError(not_found) (messages.supporterPages.unsubscribeInvalid) otherwise. */
async function unsubscribeTarget(db: Executor, pageId: unknown, token: unknown) {
  if (!checkSupporterUnsubscribeToken(pageId, token)) throw new AppError("not_found", m.unsubscribeInvalid);
  const [row] = await db
    .select({ pageId: supporterPages.id, pageTitle: supporterPages.title, optOut: supporterPages.messagesOptOut, orgName: organizations.name, orgLegalName: organizations.legalName })
    .from(supporterPages)
    .innerJoin(organizations, eq(organizations.id, supporterPages.organizationId))
    .where(eq(supporterPages.id, pageId as string))
    .limit(1);
  if (!row) throw new AppError("not_found", m.unsubscribeInvalid);
  return row;
}

/**
 * What an unsubscribe link is about (read only; GET of the unsubscribe page changes nothing).
 * @throws AppError(not_found) for a bad token or a page that is gone.
 */
export async function getSupporterUnsubscribe({ pageId, token }: UnsubscribeSupporterOptions): Promise<SupporterUnsubscribeTarget> {
  const db = await getDb();
  const row = await unsubscribeTarget(db, pageId, token);
  return { pageId: row.pageId, pageTitle: row.pageTitle, organizationName: organizationDisplayName({ name: row.orgName, legalName: row.orgLegalName }), unsubscribed: row.optOut };
}

/**
 * Stop the organization's messages to the supporter of page `pageId` (messages_opt_out), from
 * the signed link of one of those messages; no sign-in. Idempotent.
 * @returns { unsubscribed: true, message: messages.supporterPages.unsubscribed }.
 * @throws AppError(not_found) (messages.supporterPages.unsubscribeInvalid) for a missing,
 *   altered or foreign token, or a page that is gone.
 */
export async function unsubscribeSupporter({ pageId, token }: UnsubscribeSupporterOptions): Promise<{ unsubscribed: true; message: string }> {
  const db = await getDb();
  const row = await unsubscribeTarget(db, pageId, token);
  await db.update(supporterPages).set({ messagesOptOut: true }).where(eq(supporterPages.id, row.pageId));
  return { unsubscribed: true, message: m.unsubscribed };
}

export type ReportSupporterPageOptions = {
  pageId: string;
  input: unknown;
  /** The reporter's IP address (lib/http/route.ts clientIp), for the hourly allowance. */
  ip?: string;
};

/**
 * Anyone (no sign-in) reports a public supporter page (supporterPageReportSchema: reason): an
 * email with the page's title, fundraiser, address and the reason goes to every member of the
 * page's organization and to the platform's team (ADMIN_EMAIL, as Contact Us mail). The
 * reporter's identity is not asked for. At most SUPPORTER_REPORTS_PER_HOUR per IP address.
 * @returns { sent: true, message: messages.supporterPages.reported }.
 * @throws AppError(not_found) for an unknown page, or one not public (waiting for approval or
 *   hidden); AppError(validation) 422 with the reason's message; AppError(rate_limited)
 *   (messages.supporterPages.reportLimit) with Retry-After.
 */
export async function reportSupporterPage({ pageId, input, ip = "local" }: ReportSupporterPageOptions): Promise<{ sent: true; message: string }> {
  const { reason } = parseOrThrow(supporterPageReportSchema.safeParse(input));
  const db = await getDb();
  const [page] =
    typeof pageId === "string" && pageId.length <= 64
      ? await db
          .select({ id: supporterPages.id, title: supporterPages.title, slug: supporterPages.slug, status: supporterPages.status, campaignId: supporterPages.fundraiserId, fundraiserName: fundraisers.name, organizationId: supporterPages.organizationId, orgName: organizations.name, orgLegalName: organizations.legalName })
          .from(supporterPages)
          .innerJoin(fundraisers, eq(fundraisers.id, supporterPages.fundraiserId))
          .innerJoin(organizations, eq(organizations.id, supporterPages.organizationId))
          .where(eq(supporterPages.id, pageId))
          .limit(1)
      : [];
  if (!page || page.status === "pending" || page.status === "hidden") throw new AppError("not_found", m.notFound);
  await consumeAll([[makeDbLimiter(db, "supporter_report_ip", SUPPORTER_REPORTS_PER_HOUR, 60 * 60), ip]], m.reportLimit);

  const memberRows = await db
    .select({ email: users.email })
    .from(users)
    .where(and(eq(users.organizationId, page.organizationId), eq(users.type, "nonprofit"), isNull(users.deletedAt)))
    .limit(50);
  const organizationName = organizationDisplayName({ name: page.orgName, legalName: page.orgLegalName });
  const url = `${baseUrl()}${supporterPagePath({ fundraiserId: page.campaignId, slug: page.slug })}`;
  const text = (closing: string) =>
    [
      `Someone reported a supporter page of ${organizationName}'s fundraiser "${page.fundraiserName}".`,
      `Page: ${page.title}\n${url}`,
      `Their reason:\n${reason}`,
      closing,
    ].join("\n\n");
  const subject = `A supporter page was reported: ${page.title.slice(0, 80)}`;
  const memberMails: MailMessage[] = [...new Set(memberRows.map((r) => r.email.toLowerCase()))].map((to) => ({
    to,
    subject,
    text: text(`You can hide, close or edit the page under Manage Donations > Supporter pages: ${baseUrl()}/manage-pay/supporter-pages`),
  }));
  const adminMail: MailMessage = { to: serverEnv().ADMIN_EMAIL, subject, text: text(`Organization: ${organizationName} (${page.organizationId}).`) };
  await enqueueMails([...memberMails, adminMail]);
  return { sent: true, message: m.reported };
}
