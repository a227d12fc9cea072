/**
 * Vanity nicknames: a short public URL /nonprofit/{nickname} for an organization
 * (GET /api/checkNickname/{n}, PUT /api/updateNickname). Nicknames are unique without regard
 * to case (a citext column with a unique index), URL-safe ([a-z0-9-], 3 to 40 characters) and
 * never a reserved route word; getPublicOrganization resolves them.
 */
import "server-only";
import { and, eq, ne } from "drizzle-orm";
import { authorizeOwnOrganization, authorizeVerifiedOrganization } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import type { Executor } from "@/lib/db/client";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import type { UpdateNicknameInput, ForOrganization } from "@/lib/validations/organization";
import { organizations } from "@/models";
import { isUniqueViolation } from "./update-access";

const taken = () => new AppError("conflict", messages.organizationProfile.nicknameTaken, { nickname: messages.organizationProfile.nicknameTaken });

async function heldByAnother(db: Executor, nickname: string, organizationId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: organizations.id })
    .from(organizations)
    .where(and(eq(organizations.nickname, nickname), ne(organizations.id, organizationId)))
    .limit(1);
  return Boolean(row);
}

export type CheckNicknameOptions = { actor: Actor; nickname: string };

/**
 * Is `nickname` (already validated and lower-cased by nicknameField) free for the actor's
 * organization? Its own current nickname counts as available.
 * @returns `{ available }`.
 * @throws AppError(forbidden) unless `actor` is a nonprofit user with an organization.
 */
export async function checkNickname({ actor, nickname }: CheckNicknameOptions): Promise<{ available: boolean }> {
  return { available: !(await heldByAnother(await getDb(), nickname, authorizeOwnOrganization(actor, "organization.update"))) };
}

export type UpdateNicknameOptions = { actor: Actor; input: ForOrganization<UpdateNicknameInput> };

/**
 * Set (or with null remove) the organization's nickname.
 * @returns `{ nickname, url }`: the stored nickname and its public path (null both when removed).
 * @throws AppError(forbidden) unless `actor` is a nonprofit user of `input.organizationId` whose
 *         claim is verified (nothing is written); AppError(conflict) when another organization holds the nickname in any case;
 *         AppError(not_found) when the organization no longer exists.
 */
export async function updateNickname({ actor, input }: UpdateNicknameOptions): Promise<{ nickname: string | null; url: string | null }> {
  const db = await getDb();
  // A short public link is part of what the public sees: a verified claim only.
  const organizationId = await authorizeVerifiedOrganization(db, actor, "organization.publish", input.organizationId, {
    refusal: messages.claims.nicknameNeedsVerification,
  });
  if (input.nickname && (await heldByAnother(db, input.nickname, organizationId))) throw taken();
  try {
    await db.update(organizations).set({ nickname: input.nickname }).where(eq(organizations.id, organizationId));
  } catch (err) {
    if (isUniqueViolation(err)) throw taken();
    throw err;
  }
  return { nickname: input.nickname, url: input.nickname ? `/nonprofit/${input.nickname}` : null };
}
