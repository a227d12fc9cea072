/**
 * Who may change which image: a user their own profile photo (users.profileImg); a
 * nonprofit user its own organization's logo (organizations.logoUrl) and spotlight image
 * (organizations.spotlight.imageUrl) and the images of its own fundraisers and events
 * (campaigns.imageUrl, events.imageUrl); a donor the images of their own impact stories and
 * the photo of their own supporter pages (supporter_pages.image_url).
 */
import "server-only";
import { and, eq } from "drizzle-orm";
import { authorize, authorizeRole } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import type { Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { ImageField } from "@/lib/images/constants";
import { messages } from "@/lib/validations/messages";
import { writeOrganizationProfile, withDraft, type ProfileSet } from "@/lib/services/claims/profile-draft";
import { fundraisers, events, impactStories, organizations, supporterPages, users } from "@/models";

/** One image slot the actor may change: its current URL and how to write a new one. */
export type ImageTarget = {
  field: ImageField;
  identifier: string;
  currentUrl: string | null;
  /** Write `url` (null clears it) in the same executor; returns false when the row vanished. */
  write: (tx: Executor, url: string | null) => Promise<boolean>;
};

const notFound = () => new AppError("not_found", messages.generic.notFound);

export type ResolveImageTargetOptions = { db: Executor; actor: Actor; field: ImageField; identifier: string };

/**
 * Resolve and authorize the image slot `field` of record `identifier` for `actor`, read in `db`
 * (the caller's handle or transaction).
 * @throws AppError(not_found) when the record does not exist; AppError(forbidden) when it
 *   belongs to someone else or the actor's type may not change it.
 */
export async function resolveImageTarget({ db, actor, field, identifier }: ResolveImageTargetOptions): Promise<ImageTarget> {
  const base = { field, identifier };
  switch (field) {
    case "profileImg": {
      authorize(actor, "account.update", { userId: identifier });
      const [row] = await db.select({ url: users.profileImg }).from(users).where(eq(users.id, identifier)).limit(1);
      if (!row) throw notFound();
      return {
        ...base,
        currentUrl: row.url,
        write: async (tx, url) =>
          (await tx.update(users).set({ profileImg: url }).where(eq(users.id, identifier)).returning({ id: users.id })).length > 0,
      };
    }
    case "logo":
    case "spotlightImage": {
      const [live] = await db
        .select({ logo: organizations.logoUrl, spotlight: organizations.spotlight, claimDraft: organizations.claimDraft })
        .from(organizations)
        .where(eq(organizations.id, identifier))
        .limit(1);
      if (!live) throw notFound();
      authorize(actor, "organization.update", { organizationId: identifier });
      // While the claim waits for verification the owner changes its draft, never the live image
      // (lib/services/claims/profile-draft.ts); the draft's image is the current one.
      const row = withDraft({ row: { logoUrl: live.logo, spotlight: live.spotlight }, draft: live.claimDraft });
      const writeProfile = async (tx: Executor, set: ProfileSet) => {
        try {
          await writeOrganizationProfile({ tx, actor, organizationId: identifier, set });
          return true;
        } catch (err) {
          if (err instanceof AppError && err.code === "not_found") return false;
          throw err;
        }
      };
      if (field === "logo") {
        return { ...base, currentUrl: row.logoUrl, write: (tx, url) => writeProfile(tx, { logoUrl: url }) };
      }
      return {
        ...base,
        currentUrl: row.spotlight?.imageUrl ?? null,
        write: async (tx, url) => {
          // Change only imageUrl inside the spotlight card, keeping its title and description.
          const [fresh] = await tx
            .select({ spotlight: organizations.spotlight, claimDraft: organizations.claimDraft })
            .from(organizations)
            .where(eq(organizations.id, identifier))
            .for("update")
            .limit(1);
          if (!fresh) return false;
          const { imageUrl: _old, ...rest } = withDraft({ row: { spotlight: fresh.spotlight }, draft: fresh.claimDraft }).spotlight ?? {};
          void _old;
          return writeProfile(tx, { spotlight: url === null ? rest : { ...rest, imageUrl: url } });
        },
      };
    }
    case "campaignImage":
    case "eventImage": {
      const table = field === "campaignImage" ? fundraisers : events;
      const [row] = await db
        .select({ url: table.imageUrl, organizationId: table.organizationId })
        .from(table)
        .where(eq(table.id, identifier))
        .limit(1);
      if (!row) throw notFound();
      const organizationId = row.organizationId;
      authorize(actor, field === "campaignImage" ? "fundraiser.manage" : "event.manage", { organizationId });
      return {
        ...base,
        currentUrl: row.url,
        write: async (tx, url) =>
          (
            await tx
              .update(table)
              .set({ imageUrl: url })
              .where(and(eq(table.id, identifier), eq(table.organizationId, organizationId)))
              .returning({ id: table.id })
          ).length > 0,
      };
    }
    case "storyImage": {
      const [row] = await db
        .select({ url: impactStories.imageUrl, donorUserId: impactStories.donorUserId })
        .from(impactStories)
        .where(eq(impactStories.id, identifier))
        .limit(1);
      if (!row) throw notFound();
      authorize(actor, "account.update", { userId: row.donorUserId });
      authorizeRole(actor, "donor");
      return {
        ...base,
        currentUrl: row.url,
        write: async (tx, url) =>
          (
            await tx
              .update(impactStories)
              .set({ imageUrl: url })
              .where(and(eq(impactStories.id, identifier), eq(impactStories.donorUserId, actor.id)))
              .returning({ id: impactStories.id })
          ).length > 0,
      };
    }
    case "supporterPageImage": {
      const [row] = await db.select({ url: supporterPages.imageUrl, userId: supporterPages.userId }).from(supporterPages).where(eq(supporterPages.id, identifier)).limit(1);
      if (!row) throw notFound();
      authorize(actor, "account.update", { userId: row.userId });
      authorizeRole(actor, "donor");
      return {
        ...base,
        currentUrl: row.url,
        write: async (tx, url) =>
          (
            await tx
              .update(supporterPages)
              .set({ imageUrl: url })
              .where(and(eq(supporterPages.id, identifier), eq(supporterPages.userId, actor.id)))
              .returning({ id: supporterPages.id })
          ).length > 0,
      };
    }
  }
}
