/**
 * Volunteer hours: a donor logs hours (organization, date, hours, what they did), the
 * nonprofit verifies ("approved") or declines them, and the donor sees totals by
 * organization and year, verified versus pending, and exports them. Minutes are integers.
 */
import "server-only";
import { and, desc, eq } from "drizzle-orm";
import { stringify } from "csv-stringify/sync";
import PDFDocument from "pdfkit";
import { authorizeOrganization, authorizeOwnOrganization, authorizeRole } from "@/lib/auth/authorize";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { LogHoursInput } from "@/lib/validations/donor";
import { messages } from "@/lib/validations/messages";
import { donorPreferences, organizations, users, volunteerHours } from "@/models";
import { donorIdentityColumns, type SharedDonorIdentity, withSharedIdentity } from "./donor-privacy";

export type VolunteerEntry = {
  id: string;
  organizationId: string;
  organization: string;
  /** YYYY-MM-DD */
  date: string;
  minutes: number;
  description: string;
  status: "pending" | "approved" | "declined";
};

export type VolunteerTotals = {
  organization: string;
  year: number;
  verifiedMinutes: number;
  pendingMinutes: number;
};

/**
 * Log hours for the actor (a donor). Not in the future (UTC date).
 * @throws AppError(forbidden) for non-donors; AppError(not_found) for an unknown organization;
 *         AppError(validation) for a future date.
 */
export async function logVolunteerHours({ actor, input, now = new Date() }: { actor: Actor; input: LogHoursInput; now?: Date }): Promise<VolunteerEntry> {
  authorizeRole(actor, "donor");
  if (input.date > now.toISOString().slice(0, 10)) {
    throw new AppError("validation", messages.donor.dateInFuture, { date: messages.donor.dateInFuture });
  }
  const db = await getDb();
  const [org] = await db.select({ id: organizations.id, name: organizations.name }).from(organizations).where(eq(organizations.id, input.organizationId)).limit(1);
  if (!org) throw new AppError("not_found", messages.organization.notFound);
  const [row] = await db
    .insert(volunteerHours)
    .values({ donorUserId: actor.id, organizationId: org.id, date: input.date, minutes: Math.round(input.hours * 60), description: input.description })
    .returning({ id: volunteerHours.id, date: volunteerHours.date, minutes: volunteerHours.minutes, description: volunteerHours.description, status: volunteerHours.status });
  return { ...row!, organizationId: org.id, organization: org.name };
}

export type ListMyVolunteerHoursOptions = { actor: Actor };

/** The actor's own entries (newest first) and totals by organization and year. */
export async function listMyVolunteerHours({ actor }: ListMyVolunteerHoursOptions): Promise<{ entries: VolunteerEntry[]; totals: VolunteerTotals[]; verifiedMinutes: number; pendingMinutes: number }> {
  authorizeRole(actor, "donor");
  const db = await getDb();
  const entries = await db
    .select({
      id: volunteerHours.id,
      organizationId: volunteerHours.organizationId,
      organization: organizations.name,
      date: volunteerHours.date,
      minutes: volunteerHours.minutes,
      description: volunteerHours.description,
      status: volunteerHours.status,
    })
    .from(volunteerHours)
    .innerJoin(organizations, eq(organizations.id, volunteerHours.organizationId))
    .where(eq(volunteerHours.donorUserId, actor.id))
    .orderBy(desc(volunteerHours.date), desc(volunteerHours.createdAt));
  const map = new Map<string, VolunteerTotals>();
  let verifiedMinutes = 0;
  let pendingMinutes = 0;
  for (const e of entries) {
    if (e.status === "declined") continue;
    const year = Number(e.date.slice(0, 4));
    const key = `${e.organizationId}|${year}`;
    const t = map.get(key) ?? { organization: e.organization, year, verifiedMinutes: 0, pendingMinutes: 0 };
    if (e.status === "approved") {
      t.verifiedMinutes += e.minutes;
      verifiedMinutes += e.minutes;
    } else {
      t.pendingMinutes += e.minutes;
      pendingMinutes += e.minutes;
    }
    map.set(key, t);
  }
  const totals = [...map.values()].sort((a, b) => b.year - a.year || a.organization.localeCompare(b.organization));
  return { entries, totals, verifiedMinutes, pendingMinutes };
}

export type HoursForReview = VolunteerEntry & SharedDonorIdentity;

export type ListHoursForReviewOptions = { actor: Actor; status?: "pending" | "approved" | "declined" };

/**
 * Entries logged at the actor's organization, pending first. The volunteer's name and email
 * appear only when the donor shares them (ShareMyPrivateInfo). At most 100 entries.
 * @param options.status only entries in that state; every state when omitted.
 * @throws AppError(forbidden) unless the actor is a nonprofit user with an organization.
 */
export async function listHoursForReview({ actor, status }: ListHoursForReviewOptions): Promise<HoursForReview[]> {
  const organizationId = authorizeOwnOrganization(actor, "volunteerHours.verify");
  const db = await getDb();
  const where = [eq(volunteerHours.organizationId, organizationId)];
  if (status) where.push(eq(volunteerHours.status, status));
  const rows = await db
    .select({
      id: volunteerHours.id,
      organizationId: volunteerHours.organizationId,
      organization: organizations.name,
      date: volunteerHours.date,
      minutes: volunteerHours.minutes,
      description: volunteerHours.description,
      status: volunteerHours.status,
      ...donorIdentityColumns,
    })
    .from(volunteerHours)
    .innerJoin(organizations, eq(organizations.id, volunteerHours.organizationId))
    .innerJoin(users, eq(users.id, volunteerHours.donorUserId))
    .leftJoin(donorPreferences, eq(donorPreferences.userId, volunteerHours.donorUserId))
    .where(and(...where))
    .orderBy(volunteerHours.status, desc(volunteerHours.date))
    .limit(100);
  return withSharedIdentity(rows);
}

/**
 * Verify ("approved") or decline an entry of the actor's organization.
 * @throws AppError(not_found) when the entry is not at the actor's organization.
 */
export async function reviewVolunteerHours({ actor, entryId, status }: { actor: Actor; entryId: string; status: "approved" | "declined" }): Promise<{ id: string; status: string }> {
  const db = await getDb();
  const organizationId = await authorizeOrganization(db, actor, "volunteerHours.verify", authorizeOwnOrganization(actor, "volunteerHours.verify"));
  const [row] = await db
    .update(volunteerHours)
    .set({ status, reviewedAt: new Date(), reviewedByUserId: actor.id })
    .where(and(eq(volunteerHours.id, entryId), eq(volunteerHours.organizationId, organizationId)))
    .returning({ id: volunteerHours.id, status: volunteerHours.status });
  if (!row) throw new AppError("not_found", messages.generic.notFound);
  return row;
}

const hours = (minutes: number) => (minutes / 60).toFixed(2);
const statusLabel = (s: string) => (s === "approved" ? "Verified" : s === "declined" ? "Declined" : "Pending");

export type VolunteerHoursCsvOptions = { actor: Actor };

/** CSV export of the actor's hours: Date, Organization, Hours, Status, Description. */
export async function volunteerHoursCsv({ actor }: VolunteerHoursCsvOptions): Promise<string> {
  const { entries } = await listMyVolunteerHours({ actor });
  return stringify([["Date", "Organization", "Hours", "Status", "Description"], ...entries.map((e) => [e.date, e.organization, hours(e.minutes), statusLabel(e.status), e.description])]);
}

export type VolunteerHoursPdfOptions = { actor: Actor };

/** PDF export of the actor's hours with totals by organization and year. */
export async function volunteerHoursPdf({ actor }: VolunteerHoursPdfOptions): Promise<Buffer> {
  const { entries, totals, verifiedMinutes, pendingMinutes } = await listMyVolunteerHours({ actor });
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "LETTER", margin: 54, info: { Title: "Volunteer hours" } });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(20).text("Givebridge volunteer hours");
    doc.moveDown(0.5).fontSize(11).text(`${actor.firstName} ${actor.lastName}`.trim() || actor.email);
    doc.text(`Verified: ${hours(verifiedMinutes)} h · Pending: ${hours(pendingMinutes)} h`);
    doc.moveDown().fontSize(13).text("Totals by organization and year");
    doc.fontSize(10);
    for (const t of totals) doc.text(`${t.year}  ${t.organization}: ${hours(t.verifiedMinutes)} h verified, ${hours(t.pendingMinutes)} h pending`);
    doc.moveDown().fontSize(13).text("Entries");
    doc.fontSize(10);
    for (const e of entries) doc.text(`${e.date}  ${hours(e.minutes)} h  ${statusLabel(e.status)}  ${e.organization}: ${e.description}`);
    doc.end();
  });
}
