/**
 * Which uploaded images the storage layer issued to whom (table stored_images). An
 * image slot of a user (profile photo, story image) belongs to that user; a slot of an
 * organization (logo, spotlight, fundraiser and event images) to the organization. An image
 * field accepts only an image issued to the slot's owner, and only the owner's delete or
 * replacement removes the stored file.
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { authorizeOwnOrganization } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import type { Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { ImageField } from "@/lib/images/constants";
import { getStorage } from "@/lib/storage";
import { messages } from "@/lib/validations/messages";
import { storedImages } from "@/models";

/** The owner of an image slot: a user, or an organization. */
export type ImageOwner = { userId: string; organizationId?: undefined } | { organizationId: string; userId?: undefined };

const ORGANIZATION_FIELDS: ImageField[] = ["logo", "spotlightImage", "campaignImage", "eventImage"];

export type OwnerForOptions = { actor: Actor; field: ImageField };

/**
 * The owner of the slot `field` when `actor` writes it (the slot itself was authorized by
 * resolveImageTarget).
 * @throws AppError(forbidden) for an organization slot without an organization.
 */
export function ownerFor({ actor, field }: OwnerForOptions): ImageOwner {
  if (ORGANIZATION_FIELDS.includes(field)) return { organizationId: authorizeOwnOrganization(actor, "organization.update") };
  return { userId: actor.id };
}

export type RecordIssuedImageOptions = {
  db: Executor;
  /** The storage key of the image. */
  key: string;
  owner: ImageOwner;
};

/** Record that the storage layer issued `key` to `owner` (idempotent). */
export async function recordIssuedImage({ db, key, owner }: RecordIssuedImageOptions): Promise<void> {
  await db
    .insert(storedImages)
    .values({ key, ownerUserId: owner.userId ?? null, organizationId: owner.organizationId ?? null })
    .onConflictDoNothing();
}

export type IsIssuedToOptions = {
  db: Executor;
  /** The image URL to check; null or absent is never issued. */
  url: string | null | undefined;
  owner: ImageOwner;
};

/** True when `url` is an image this storage issued to `owner`. Never throws. */
export async function isIssuedTo({ db, url, owner }: IsIssuedToOptions): Promise<boolean> {
  if (!url) return false;
  const key = getStorage().keyOf(url);
  if (!key) return false;
  const cond = owner.organizationId ? eq(storedImages.organizationId, owner.organizationId) : eq(storedImages.ownerUserId, owner.userId!);
  const [row] = await db.select({ key: storedImages.key }).from(storedImages).where(and(eq(storedImages.key, key), cond)).limit(1);
  return !!row;
}

export type AcceptImageUrlOptions = { db: Executor; owner: ImageOwner; url: string | null | undefined; current: string | null | undefined; field: string };

/**
 * The value to store in an image field written through a JSON form: empty clears it; the
 * slot's current value may stay; anything else must be an image issued to `owner`.
 * @returns the URL to store, or null.
 * @throws AppError(validation) with `field`'s message for someone else's or a made-up image.
 */
export async function acceptImageUrl({ db, owner, url, current, field }: AcceptImageUrlOptions
): Promise<string | null> {
  if (!url) return null;
  if (current && url === current) return url;
  if (await isIssuedTo({ db, url, owner })) return url;
  throw new AppError("validation", messages.trustAndSafety.imageNotYours, { [field]: messages.trustAndSafety.imageNotYours });
}
