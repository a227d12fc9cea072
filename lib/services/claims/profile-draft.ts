/**
 * Profile writes while a claim waits for verification. The organization's nonprofit user may
 * prepare the profile at once, but what the public sees (profile, search, directory) keeps the
 * IRS facts until the claim is verified: the access rule's "organization.publish" decides
 * whether a write goes live or into organizations.claim_draft, which the owner's preview
 * overlays and verification applies (models/claims.ts).
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { can } from "@/lib/auth/can";
import type { Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { organizations } from "@/models";

type OrganizationRow = typeof organizations.$inferSelect;

/** The profile fields a claimant may prepare as a draft (property names of `organizations`). */
export const DRAFT_FIELDS = [
  "name",
  "email",
  "telephone",
  "addressLine1",
  "addressLine2",
  "city",
  "state",
  "zipcode",
  "latitude",
  "longitude",
  "logoUrl",
  "description",
  "mission",
  "socialMedia",
  "impacts",
  "spotlight",
] as const satisfies readonly (keyof OrganizationRow)[];

export type DraftField = (typeof DRAFT_FIELDS)[number];
/** Values of the draftable fields, as written to the columns. */
export type ProfileSet = Partial<Pick<OrganizationRow, DraftField>>;

/** Keep only the draftable fields of a stored draft (a draft is data, never trusted for other columns). */
export function draftFields(draft: Record<string, unknown> | null | undefined): ProfileSet {
  const out: Record<string, unknown> = {};
  if (!draft) return out as ProfileSet;
  for (const key of DRAFT_FIELDS) if (Object.prototype.hasOwnProperty.call(draft, key)) out[key] = draft[key];
  return out as ProfileSet;
}

/** The organization's claim facts and draft, locked for the write that follows. */
async function loadForWrite(tx: Executor, organizationId: string) {
  const [org] = await tx
    .select({ claimed: organizations.claimed, claimPendingSince: organizations.claimPendingSince, claimDraft: organizations.claimDraft })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .for("update")
    .limit(1);
  if (!org) throw new AppError("not_found", messages.organization.notFound);
  return org;
}

export type WriteOrganizationProfileOptions = { tx: Executor; actor: Actor; organizationId: string; set: ProfileSet };

/**
 * Write the profile fields `set` of `organizationId` for `actor` (already authorized for
 * "organization.update") in the caller's transaction `tx`: to the columns when the actor may
 * publish (a verified claim), else merged into the claim's draft.
 * @returns "live" or "draft": where the values went. @throws AppError(not_found) when the organization is gone.
 */
export async function writeOrganizationProfile({ tx, actor, organizationId, set }: WriteOrganizationProfileOptions): Promise<"live" | "draft"> {
  const org = await loadForWrite(tx, organizationId);
  // As the access rule reads it (lib/auth/authorize.ts loadClaimFacts): no claim waits for verification.
  const claimVerified = !org.claimPendingSince;
  if (can(actor, "organization.publish", { organizationId, claimVerified })) {
    if (Object.keys(set).length > 0) await tx.update(organizations).set(set).where(eq(organizations.id, organizationId));
    return "live";
  }
  // Dates are not draftable; every draftable value is JSON as it is.
  const draft = { ...draftFields(org.claimDraft), ...set };
  await tx.update(organizations).set({ claimDraft: draft }).where(eq(organizations.id, organizationId));
  return "draft";
}

/**
 * The profile as its owner prepares it: the live columns `row` with the stored `draft` (its
 * draftable fields) laid over them while the claim is pending. Used by the owner's preview only,
 * never by public readers.
 */
export function withDraft<T extends Partial<Record<DraftField, unknown>>>({ row, draft }: { row: T; draft: Record<string, unknown> | null | undefined }): T {
  return { ...row, ...draftFields(draft) } as T;
}

/**
 * Verification succeeded: apply the draft of `organizationId` to the columns, clear it and end
 * the pending state, in the caller's transaction `tx`.
 * @throws AppError(not_found) when the organization is gone.
 */
export async function applyClaimDraft({ tx, organizationId }: { tx: Executor; organizationId: string }): Promise<void> {
  const [org] = await tx.select({ claimDraft: organizations.claimDraft }).from(organizations).where(eq(organizations.id, organizationId)).for("update").limit(1);
  if (!org) throw new AppError("not_found", messages.organization.notFound);
  await tx
    .update(organizations)
    .set({ ...draftFields(org.claimDraft), claimDraft: null, claimPendingSince: null })
    .where(eq(organizations.id, organizationId));
}
