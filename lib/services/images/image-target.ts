/**
 * Who may change which image: a user their own profile photo (users.profileImg); a
 * nonprofit user its own organization's logo (organizations.logoUrl) and spotlight image
 * (organizations.spotlight.imageUrl) and the images of its own fundraisers and events
 * (campaigns.imageUrl, events.imageUrl); a donor the images of their own impact stories and
 * the photo of their own supporter pages (supporter_pages.image_url).
 */
import "server-only";
import { and, eq, sql } from "drizzle-orm";
import { authorize, authorizeRole } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import type { Executor } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { ImageField } from "@/lib/images/constants";
import { messages } from "@/lib/validations/messages";
import { campaigns, events, impactStories, organizations, supporterPages, users } from "@/models";

/** One image slot the actor may change: its current URL and how to write a new one. */
export type ImageTarget = {
  field: ImageField;
  identifier: string;
  currentUrl: string | null;
  /** Write `url` (null clears it) in the same executor; returns false when the row vanished. */
  write: (tx: Executor, url: string | null) => Promise<boolean>;
};

const notFound = () => new AppError("not_found", messages.generic.notFound);

/**
 * Resolve and authorize the image slot `field` of record `identifier` for `actor`.
 * @throws AppError(not_found) when the record does not exist; AppError(forbidden) when it
 *   belongs to someone else or the actor's type may not change it.
 */
export async function resolveImageTarget(
  db: Executor,
  { actor, field, identifier }: { actor: Actor; field: ImageField; identifier: string },
): Promise<ImageTarget> {
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
      const [row] = await db
        .select({ logo: organizations.logoUrl, spotlight: organizations.spotlight })
        .from(organizations)
        .where(eq(organizations.id, identifier))
        .limit(1);
      if (!row) throw notFound();
      authorize(actor, "organization.update", { organizationId: identifier });
      if (field === "logo") {
        return {
          ...base,
          currentUrl: row.logo,
          write: async (tx, url) =>
            (await tx.update(organizations).set({ logoUrl: url }).where(eq(organizations.id, identifier)).returning({ id: organizations.id }))
              .length > 0,
        };
      }
      return {
        ...base,
        currentUrl: row.spotlight?.imageUrl ?? null,
        write: async (tx, url) => {
          // Change only imageUrl inside the spotlight object, keeping its title and description.
          const value = url === null ? sql`coalesce(${organizations.spotlight}, '{}'::jsonb) - 'imageUrl'` : sql`jsonb_set(coalesce(${organizations.spotlight}, '{}'::jsonb), '{imageUrl}', to_jsonb(${url}::text))`;
          const updated = await tx
            .update(organizations)
            .set({ spotlight: value })
            .where(eq(organizations.id, identifier))
            .returning({ id: organizations.id });
          return updated.length > 0;
        },
      };
    }
    case "campaignImage":
    case "eventImage": {
      const table = field === "campaignImage" ? campaigns : events;
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
