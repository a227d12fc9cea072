/**
 * Peer-to-peer fundraising request rules (supporter pages, teams, the fundraiser's options,
 * the organization's message to its supporters), shared by the forms (react-hook-form) and the
 * route handlers. Goals are typed in dollars and become integer cents here ($1 to
 * $10,000,000, as a fundraiser's goal). Every message comes from messages.supporterPages.
 */
import "./zod-setup";
import { z } from "zod";
import { parseDollarsToCents, type Cents } from "@/lib/money";
import { FUNDRAISER_GOAL_MAX_CENTS, FUNDRAISER_GOAL_MIN_CENTS } from "./fundraiser";
import { idParam } from "./fields";
import { messages } from "./messages";

const m = messages.supporterPages;
export const SUPPORTER_TITLE_MAX = 100;
export const SUPPORTER_STORY_MAX = 5000;
export const TEAM_NAME_MAX = 80;

/** Dollars (text or number) -> integer cents within a fundraiser's goal range, else `message`. */
function goalField(message: string) {
  return z.union([z.string(), z.number()], { error: message }).transform((v, ctx): Cents => {
    const cents = parseDollarsToCents(v);
    if (cents === null || cents < FUNDRAISER_GOAL_MIN_CENTS || cents > FUNDRAISER_GOAL_MAX_CENTS) {
      ctx.addIssue({ code: "custom", message });
      return z.NEVER;
    }
    return cents;
  });
}

const titleField = z.string({ error: m.titleRequired }).trim().min(1, { error: m.titleRequired }).max(SUPPORTER_TITLE_MAX, { error: m.titleTooLong });
const storyField = z
  .string()
  .optional()
  .transform((v) => (v ?? "").replace(/\r\n?/g, "\n").trim())
  .pipe(z.string().max(SUPPORTER_STORY_MAX, { error: m.storyTooLong }));
const teamNameField = z.string({ error: m.teamNameRequired }).trim().min(1, { error: m.teamNameRequired }).max(TEAM_NAME_MAX, { error: m.teamNameTooLong });
const giftNoticeField = z.enum(["each", "digest", "none"], { error: m.noticeInvalid });

/** How the new page relates to a team: none, a new team it captains, or an existing team of the fundraiser. */
export const supporterTeamChoiceSchema = z.discriminatedUnion(
  "mode",
  [
    z.object({ mode: z.literal("none") }),
    z.object({ mode: z.literal("create"), name: teamNameField, goal: goalField(m.goalInvalid) }),
    z.object({ mode: z.literal("join"), teamId: idParam }),
  ],
  { error: m.teamNotFound },
);

/**
 * POST /api/fundraisers/{campaignId}/supporter-pages: { title, story, goal (dollars), team,
 * giftNotice, shareEmailWithOrganization }. Output goal in cents.
 */
export const createSupporterPageSchema = z.object({
  title: titleField,
  story: storyField,
  goal: goalField(m.goalInvalid),
  team: supporterTeamChoiceSchema.default({ mode: "none" }),
  giftNotice: giftNoticeField.default("each"),
  shareEmailWithOrganization: z.boolean().default(false),
});
export type CreateSupporterPageInput = z.output<typeof createSupporterPageSchema>;
/** What the page form holds before validation. */
export type SupporterPageFormInput = z.input<typeof createSupporterPageSchema>;

/**
 * PUT /api/supporter-pages/{id}: any of title, story, goal (dollars), giftNotice,
 * shareEmailWithOrganization, and a team change (leave: `{ mode: "none" }`, join another).
 */
export const updateSupporterPageSchema = z
  .object({
    title: titleField,
    story: storyField,
    goal: goalField(m.goalInvalid),
    team: supporterTeamChoiceSchema,
    giftNotice: giftNoticeField,
    shareEmailWithOrganization: z.boolean(),
  })
  .partial();
export type UpdateSupporterPageInput = z.output<typeof updateSupporterPageSchema>;

/**
 * POST /api/supporter-pages/{id}/status: what a supporter may do to their page (pause, resume,
 * close) and what its organization may do (approve, hide, unhide, close).
 */
export const supporterPageActionSchema = z.object({ action: z.enum(["pause", "resume", "close", "approve", "hide", "unhide"], { error: m.statusInvalid }) });
export type SupporterPageAction = z.output<typeof supporterPageActionSchema>["action"];

/** PUT /api/fundraisers/{campaignId}/supporter-settings: the fundraiser's peer-to-peer options. */
export const supporterSettingsSchema = z.object({
  enabled: z.boolean(),
  needApproval: z.boolean(),
  teamsAllowed: z.boolean(),
  /** Dollars, or "" / null for none. */
  suggestedGoal: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((v, ctx): Cents | null => {
      if (v === null || v === undefined || String(v).trim() === "") return null;
      const cents = parseDollarsToCents(v);
      if (cents === null || cents < FUNDRAISER_GOAL_MIN_CENTS || cents > FUNDRAISER_GOAL_MAX_CENTS) {
        ctx.addIssue({ code: "custom", message: m.suggestedGoalInvalid });
        return z.NEVER;
      }
      return cents;
    }),
  story: z
    .string()
    .optional()
    .transform((v) => (v ?? "").replace(/\r\n?/g, "\n").trim())
    .pipe(z.string().max(SUPPORTER_STORY_MAX, { error: m.supporterStoryTooLong })),
});
export type SupporterSettingsInput = z.output<typeof supporterSettingsSchema>;

/** POST /api/fundraisers/{campaignId}/supporter-messages: the organization writes to every supporter of the fundraiser. */
export const supporterMessageSchema = z.object({
  subject: z.string({ error: m.messageSubjectRequired }).trim().min(1, { error: m.messageSubjectRequired }).max(150, { error: m.messageSubjectTooLong }),
  body: z.string({ error: m.messageBodyRequired }).trim().min(1, { error: m.messageBodyRequired }).max(5000, { error: m.messageBodyTooLong }),
});

/** POST /api/supporter-pages/{id}/report: anyone reports a page to its organization and the admin. */
export const supporterPageReportSchema = z.object({
  reason: z.string({ error: m.reportReasonRequired }).trim().min(1, { error: m.reportReasonRequired }).max(1000, { error: m.reportReasonTooLong }),
});

/**
 * A page's or team's address part from its title: lower-case ASCII letters, digits and single
 * hyphens, at most 48 characters; "page" when nothing is left ("Ana's 5K!" -> "ana-s-5k").
 */
export function slugify(title: string): string {
  const slug = title
    .normalize("NFKD")
    .replace(/[\u0300-\u036f]/g, "")
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, "-")
    .replace(/^-+|-+$/g, "")
    .slice(0, 48)
    .replace(/-+$/g, "");
  return slug || "page";
}

/** A slug as it may appear in an address (what slugify makes, with a "-N" suffix). */
export const SLUG_PATTERN = /^[a-z0-9](?:[a-z0-9-]{0,58}[a-z0-9])?$/;
