/**
 * Impact stories: a donor writes a story (title, text, optional image) about a nonprofit they
 * supported (a completed gift or logged volunteer hours there); the nonprofit approves it
 * before it appears on its public profile.
 */
import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { authorizeOrganization, authorizeOwnOrganization, authorizeRole } from "@/lib/auth/authorize";
import { hasAccountType } from "@/lib/auth/can";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { acceptImageUrl } from "@/lib/services/images/issued-images";
import { AppError } from "@/lib/errors";
import type { CreateStoryInput } from "@/lib/validations/donor";
import { messages } from "@/lib/validations/messages";
import { donations, donorPreferences, impactStories, organizations, users, volunteerHours } from "@/models";
import { donorIdentityColumns, sharedIdentity, type SharedDonorIdentity, withSharedIdentity } from "@/lib/services/volunteering/donor-privacy";

export type StoryStatus = "pending" | "approved" | "declined";

export type MyStory = { id: string; organizationId: string; organization: string; title: string; body: string; imageUrl: string | null; status: StoryStatus; createdAt: Date };

export type SupportedOrganizationsOptions = { actor: Actor };

/** Organizations the donor supported: a completed gift or volunteer hours (not declined). */
export async function supportedOrganizations({ actor }: SupportedOrganizationsOptions): Promise<{ id: string; name: string }[]> {
  if (!hasAccountType(actor, "donor")) return [];
  const db = await getDb();
  const gifts = await db
    .selectDistinct({ id: organizations.id, name: organizations.name })
    .from(donations)
    .innerJoin(organizations, eq(organizations.id, donations.organizationId))
    .where(and(eq(donations.donorUserId, actor.id), eq(donations.status, "succeeded")));
  const hours = await db
    .selectDistinct({ id: organizations.id, name: organizations.name })
    .from(volunteerHours)
    .innerJoin(organizations, eq(organizations.id, volunteerHours.organizationId))
    .where(eq(volunteerHours.donorUserId, actor.id));
  const map = new Map([...gifts, ...hours].map((o) => [o.id, o]));
  return [...map.values()].sort((a, b) => a.name.localeCompare(b.name));
}

export type CreateImpactStoryOptions = { actor: Actor; input: CreateStoryInput };

/**
 * Write a story; it waits for the nonprofit's approval.
 * @throws AppError(forbidden) unless a donor who supported the organization.
 */
export async function createImpactStory({ actor, input }: CreateImpactStoryOptions): Promise<MyStory> {
  authorizeRole(actor, "donor");
  const supported = await supportedOrganizations({ actor });
  const org = supported.find((o) => o.id === input.organizationId);
  if (!org) throw new AppError("forbidden", messages.donor.notSupported);
  const db = await getDb();
  const imageUrl = await acceptImageUrl({ db, owner: { userId: actor.id }, url: input.imageUrl, current: null, field: "imageUrl" });
  const [row] = await db
    .insert(impactStories)
    .values({ donorUserId: actor.id, organizationId: org.id, title: input.title, body: input.body, imageUrl })
    .returning({ id: impactStories.id, title: impactStories.title, body: impactStories.body, imageUrl: impactStories.imageUrl, status: impactStories.status, createdAt: impactStories.createdAt });
  return { ...row!, organizationId: org.id, organization: org.name };
}

export type ListMyStoriesOptions = { actor: Actor };

/** The actor's own stories, newest first. */
export async function listMyStories({ actor }: ListMyStoriesOptions): Promise<MyStory[]> {
  const db = await getDb();
  return db
    .select({
      id: impactStories.id,
      organizationId: impactStories.organizationId,
      organization: organizations.name,
      title: impactStories.title,
      body: impactStories.body,
      imageUrl: impactStories.imageUrl,
      status: impactStories.status,
      createdAt: impactStories.createdAt,
    })
    .from(impactStories)
    .innerJoin(organizations, eq(organizations.id, impactStories.organizationId))
    .where(eq(impactStories.donorUserId, actor.id))
    .orderBy(desc(impactStories.createdAt));
}

export type StoryForReview = Omit<MyStory, "organization"> & SharedDonorIdentity;

export type ListStoriesForReviewOptions = { actor: Actor };

/**
 * Stories about the actor's organization (pending first). The author's name and email only
 * when the donor shares them.
 * @throws AppError(forbidden) unless a nonprofit user with an organization.
 */
export async function listStoriesForReview({ actor }: ListStoriesForReviewOptions): Promise<StoryForReview[]> {
  const organizationId = authorizeOwnOrganization(actor, "impactStory.publish");
  const db = await getDb();
  const rows = await db
    .select({
      id: impactStories.id,
      organizationId: impactStories.organizationId,
      title: impactStories.title,
      body: impactStories.body,
      imageUrl: impactStories.imageUrl,
      status: impactStories.status,
      createdAt: impactStories.createdAt,
      ...donorIdentityColumns,
    })
    .from(impactStories)
    .leftJoin(users, eq(users.id, impactStories.donorUserId))
    .leftJoin(donorPreferences, eq(donorPreferences.userId, impactStories.donorUserId))
    .where(eq(impactStories.organizationId, organizationId))
    .orderBy(impactStories.status, desc(impactStories.createdAt))
    .limit(100);
  return withSharedIdentity(rows);
}

/**
 * Approve or decline a story about the actor's organization.
 * @throws AppError(not_found) when the story is about another organization.
 */
export async function reviewImpactStory({ actor, storyId, status }: { actor: Actor; storyId: string; status: "approved" | "declined" }): Promise<{ id: string; status: StoryStatus }> {
  const db = await getDb();
  const organizationId = await authorizeOrganization(db, actor, "impactStory.publish", authorizeOwnOrganization(actor, "impactStory.publish"));
  const [row] = await db
    .update(impactStories)
    .set({ status, reviewedAt: new Date() })
    .where(and(eq(impactStories.id, storyId), eq(impactStories.organizationId, organizationId)))
    .returning({ id: impactStories.id, status: impactStories.status });
  if (!row) throw new AppError("not_found", messages.generic.notFound);
  return row;
}

export type PublicStory = { id: string; title: string; body: string; imageUrl: string | null; createdAt: Date; author: string };

/**
 * Approved stories of organization `organizationId` for its public profile, newest first, at
 * most `limit` (default 10, clamped to 1..50); the author's name only when shared.
 */
export async function listApprovedStories({ organizationId, limit = 10 }: { organizationId: string; limit?: number }): Promise<PublicStory[]> {
  const db = await getDb();
  const rows = await db
    .select({
      id: impactStories.id,
      title: impactStories.title,
      body: impactStories.body,
      imageUrl: impactStories.imageUrl,
      createdAt: impactStories.createdAt,
      ...donorIdentityColumns,
    })
    .from(impactStories)
    .leftJoin(users, eq(users.id, impactStories.donorUserId))
    .leftJoin(donorPreferences, eq(donorPreferences.userId, impactStories.donorUserId))
    .where(and(eq(impactStories.organizationId, organizationId), eq(impactStories.status, "approved")))
    .orderBy(desc(impactStories.createdAt))
    .limit(Math.min(Math.max(limit, 1), 50));
  return rows.map(({ firstName, lastName, email, shareName, shareEmail, ...rest }) => ({
    ...rest,
    author: sharedIdentity({ firstName, lastName, email, shareName, shareEmail }).donorName ?? "A Givebridge donor",
  }));
}
