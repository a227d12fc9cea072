/**
 * A fundraiser's peer-to-peer options, set by its organization: supporter pages on or off,
 * whether a new page waits for approval, whether teams are allowed, the goal (integer cents) and
 * story a new page starts with. Anyone may read them for a public fundraiser (the "Start your
 * own fundraiser" form); only the organization's members change them (supporterPage.moderate).
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorizeFundraiser } from "@/lib/auth/authorize";
import { refreshSupporterPages } from "@/lib/cache/public-pages";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { Cents } from "@/lib/money";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";
import { messages } from "@/lib/validations/messages";
import { supporterSettingsSchema } from "@/lib/validations/supporter-pages";
import { fundraisers, organizations } from "@/models";

/** A fundraiser's supporter-page options. */
export type SupporterSettings = { enabled: boolean; needApproval: boolean; teamsAllowed: boolean; suggestedGoalCents: Cents | null; story: string };

const settingsColumns = {
  enabled: fundraisers.supporterPagesEnabled,
  needApproval: fundraisers.supporterPagesNeedApproval,
  teamsAllowed: fundraisers.supporterTeamsAllowed,
  suggestedGoalCents: fundraisers.supporterSuggestedGoalCents,
  story: fundraisers.supporterStory,
};

/** The fundraiser a supporter page is started for: its name, state, organization and options. */
export type SupporterPageStart = SupporterSettings & { campaignId: string; name: string; status: "active" | "ended"; organizationId: string; organizationName: string };

/**
 * What the "Start your own fundraiser" form needs of fundraiser `campaignId`.
 * @throws AppError(not_found) for an unknown fundraiser or one of an organization that is not
 *   live and approved.
 */
export async function getSupporterPageStart({ fundraiserId }: { fundraiserId: string }): Promise<SupporterPageStart> {
  const db = await getDb();
  const [row] = fundraiserId.length <= 64
    ? await db
        .select({ ...settingsColumns, campaignId: fundraisers.id, name: fundraisers.name, status: fundraisers.status, organizationId: organizations.id, organizationName: organizations.name, live: organizations.live, approvalStatus: organizations.approvalStatus })
        .from(fundraisers)
        .innerJoin(organizations, eq(organizations.id, fundraisers.organizationId))
        .where(eq(fundraisers.id, fundraiserId))
        .limit(1)
    : [];
  if (!row || !row.live || row.approvalStatus !== "approved") throw new AppError("not_found", messages.campaign.notFound);
  return { campaignId: row.campaignId, name: row.name, status: row.status, organizationId: row.organizationId, organizationName: row.organizationName, enabled: row.enabled, needApproval: row.needApproval, teamsAllowed: row.teamsAllowed, suggestedGoalCents: row.suggestedGoalCents, story: row.story };
}

export type UpdateSupporterSettingsOptions = { actor: Actor | null; fundraiserId: string; input: unknown };

/**
 * Set fundraiser `campaignId`'s supporter-page options (supporterSettingsSchema: suggested goal
 * in dollars, stored in cents). Turning pages off keeps the pages made: they stay public and
 * their gifts stay in every total; no new page can be started.
 * @throws AppError(not_found) unknown fundraiser; AppError(unauthenticated | forbidden) for
 *   anyone but its organization's members; AppError(validation) 422 with per-field messages.
 */
export async function updateSupporterSettings({ actor, fundraiserId, input }: UpdateSupporterSettingsOptions): Promise<SupporterSettings> {
  const db = await getDb();
  await authorizeFundraiser(db, actor, "supporterPage.moderate", fundraiserId);
  const parsed = supporterSettingsSchema.safeParse(input);
  if (!parsed.success) {
    const fields = zodFieldErrors(parsed.error, topField);
    throw new AppError("validation", Object.values(fields)[0] ?? messages.generic.badRequest, fields);
  }
  const v = parsed.data;
  const [row] = await db
    .update(fundraisers)
    .set({ supporterPagesEnabled: v.enabled, supporterPagesNeedApproval: v.needApproval, supporterTeamsAllowed: v.teamsAllowed, supporterSuggestedGoalCents: v.suggestedGoal, supporterStory: v.story })
    .where(eq(fundraisers.id, fundraiserId))
    .returning(settingsColumns);
  refreshSupporterPages({ campaignId: fundraiserId });
  return row!;
}
