/** Business sign-ups: all of them for the admin, those of its state for a nonprofit. */
import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { authorizeOwnOrganization } from "@/lib/auth/authorize";
import { assertAdmin } from "@/lib/auth/admin";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { businessSignups, organizations } from "@/models";

export type BusinessSignup = {
  _id: string;
  businessName: string;
  email: string;
  contactName: string;
  city: string | null;
  state: string | null;
  interest: string | null;
  createdAt: Date;
};

const columns = {
  id: businessSignups.id,
  businessName: businessSignups.businessName,
  email: businessSignups.email,
  contactName: businessSignups.contactName,
  city: businessSignups.city,
  state: businessSignups.state,
  interest: businessSignups.interest,
  createdAt: businessSignups.createdAt,
};

export type ListBusinessSignupsOptions = { actor: Actor | null; limit?: number };

/**
 * Every business sign-up, newest first (admin only).
 * @param options.limit most sign-ups returned (default 200).
 * @throws AppError(unauthenticated | forbidden) unless `actor` is the admin.
 */
export async function listBusinessSignups({ actor, limit = 200 }: ListBusinessSignupsOptions): Promise<BusinessSignup[]> {
  assertAdmin(actor);
  const db = await getDb();
  const rows = await db.select(columns).from(businessSignups).orderBy(desc(businessSignups.createdAt)).limit(Math.min(Math.max(limit, 1), 1000));
  return rows.map(({ id, ...r }) => ({ _id: id, ...r }));
}

export type ListBusinessesNearOrganizationOptions = { actor: Actor | null; limit?: number };

/**
 * Businesses interested in sponsoring or matching gifts in the state of the actor's own
 * organization, newest first (nonprofit users only; none when the organization has no state).
 * @param options.limit most businesses returned (default 10).
 * @throws AppError(unauthenticated | forbidden) unless `actor` is a nonprofit user with an organization.
 */
export async function listBusinessesNearOrganization({ actor, limit = 10 }: ListBusinessesNearOrganizationOptions): Promise<{ state: string | null; businesses: BusinessSignup[] }> {
  const organizationId = authorizeOwnOrganization(actor, "organization.update");
  const db = await getDb();
  const [org] = await db.select({ state: organizations.state }).from(organizations).where(eq(organizations.id, organizationId)).limit(1);
  if (!org?.state) return { state: null, businesses: [] };
  const rows = await db
    .select(columns)
    .from(businessSignups)
    .where(and(eq(businessSignups.state, org.state.toUpperCase())))
    .orderBy(desc(businessSignups.createdAt))
    .limit(Math.min(Math.max(limit, 1), 50));
  return { state: org.state, businesses: rows.map(({ id, ...r }) => ({ _id: id, ...r })) };
}
