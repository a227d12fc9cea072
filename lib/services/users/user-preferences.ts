/**
 * The donor's privacy preferences and profile (spec 3: donor preferences, user update
 * payload; spec 4: profile modal). GET /api/fetch/userPreferences and PUT /api/update/user.
 */
import "server-only";
import { eq } from "drizzle-orm";
import { authorize } from "@/lib/auth/authorize";
import { hasAccountType } from "@/lib/auth/can";
import type { Actor } from "@/lib/auth/actor";
import type { SessionUser } from "@/lib/auth/types";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { acceptImageUrl } from "@/lib/services/images/issued-images";
import type { UpdateProfileInput, UserPreferences } from "@/lib/validations/donor";
import { messages } from "@/lib/validations/messages";
import { donorPreferences, users } from "@/models";
import { loadSessionUser } from "./to-session-user";

export type AssertSelfOptions = { actor: Actor; userId: string };

/** @throws AppError(forbidden) unless `userId` is the actor's own id. */
export function assertSelf({ actor, userId }: AssertSelfOptions): void {
  authorize(actor, "account.update", { userId });
}

export type GetUserPreferencesOptions = { actor: Actor; userId: string };

/**
 * The actor's preferences in the spec's response shape (ShareMyPrivateInfo, demographic,
 * address, telephone) plus otherGender. Defaults (nothing shared) when none are stored.
 * @throws AppError(forbidden) for another user's id.
 */
export async function getUserPreferences({ actor, userId }: GetUserPreferencesOptions): Promise<UserPreferences> {
  assertSelf({ actor, userId });
  const db = await getDb();
  const [p] = await db
    .select({
      shareName: donorPreferences.shareName,
      shareEmail: donorPreferences.shareEmail,
      shareTelephone: donorPreferences.shareTelephone,
      shareLocation: donorPreferences.shareLocation,
      shareGender: donorPreferences.shareGender,
      shareAge: donorPreferences.shareAge,
      gender: donorPreferences.gender,
      otherGender: donorPreferences.otherGender,
      ageRange: donorPreferences.ageRange,
      city: donorPreferences.city,
      state: donorPreferences.state,
      telephone: donorPreferences.telephone,
    })
    .from(donorPreferences)
    .where(eq(donorPreferences.userId, userId))
    .limit(1);
  return {
    ShareMyPrivateInfo: {
      name: p?.shareName ?? false,
      email: p?.shareEmail ?? false,
      telephone: p?.shareTelephone ?? false,
      location: p?.shareLocation ?? false,
      gender: p?.shareGender ?? false,
      age: p?.shareAge ?? false,
    },
    demographic: { gender: p?.gender ?? null, age: p?.ageRange ?? null },
    address: { city: p?.city ?? "", state: p?.state ?? "" },
    telephone: p?.telephone ?? "",
    otherGender: p?.otherGender ?? "",
  };
}

export type UpdateUserProfileOptions = { actor: Actor; input: UpdateProfileInput };

/**
 * Save the profile payload: name, Organization/Company, photo and (donors) preferences.
 * Free-text gender is kept only when gender is "other".
 * @returns the refreshed session user (wire format, for the client session).
 * @throws AppError(forbidden) when `_id` is not the actor.
 */
export async function updateUserProfile({ actor, input }: UpdateUserProfileOptions): Promise<SessionUser> {
  assertSelf({ actor, userId: input._id });
  const db = await getDb();
  return db.transaction(async (tx) => {
    let profileImg: string | null | undefined;
    if (input.profileImg !== undefined) {
      const [current] = await tx.select({ url: users.profileImg }).from(users).where(eq(users.id, actor.id)).limit(1);
      profileImg = await acceptImageUrl({ db: tx, owner: { userId: actor.id }, url: input.profileImg, current: current?.url, field: "profileImg" });
    }
    await tx
      .update(users)
      .set({
        firstName: input.firstName,
        lastName: input.lastName,
        organizationCompany: input.organization_company ?? "",
        ...(profileImg !== undefined ? { profileImg } : {}),
      })
      .where(eq(users.id, actor.id));
    if (hasAccountType(actor, "donor") && (input.ShareMyPrivateInfo || input.demographic || input.address || input.telephone !== undefined)) {
      const s = input.ShareMyPrivateInfo;
      const gender = input.demographic?.gender ?? null;
      const values = {
        ...(s
          ? {
              shareName: s.name,
              shareEmail: s.email,
              shareTelephone: s.telephone,
              shareLocation: s.location,
              shareGender: s.gender,
              shareAge: s.age,
            }
          : {}),
        ...(input.demographic
          ? { gender, ageRange: input.demographic.age, otherGender: gender === "other" ? input.otherGender?.trim() || null : null }
          : {}),
        ...(input.address ? { city: input.address.city || null, state: input.address.state || null } : {}),
        ...(input.telephone !== undefined ? { telephone: input.telephone || null } : {}),
      };
      await tx
        .insert(donorPreferences)
        .values({ userId: actor.id, ...values })
        .onConflictDoUpdate({ target: donorPreferences.userId, set: { ...values, updatedAt: new Date() } });
    }
    const fresh = await loadSessionUser({ db: tx, userId: actor.id });
    if (!fresh) throw new AppError("not_found", messages.generic.notFound);
    return fresh;
  });
}
