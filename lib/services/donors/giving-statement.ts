/**
 * The year-end giving statement: every completed gift of one tax year (UTC calendar year)
 * to every nonprofit, in one PDF and one CSV, with totals per nonprofit and overall, each with
 * the organization's EIN. A ticket purchase is a sale: only its deductible part (amount paid
 * minus the fair market value of the goods and services, IRS Publication 1771) is listed,
 * and a ticket with no deductible part is not listed at all.
 */
import { stringify } from "csv-stringify/sync";
import PDFDocument from "pdfkit";
import { and, eq, gte, lt } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/types";
import { getDb } from "@/lib/db/client";
import { centsToDecimalString, formatCents, type Cents } from "@/lib/money";
import { SAFE_CSV_OPTIONS } from "@/lib/services/reports/donation-csv";
import { deductiblePart } from "@/lib/services/donations/ticket-payments";
import { campaigns, donations, eventTicketOrders, events, organizations, users } from "@/models";
import { assertOwnDonorPage } from "./donation-history";

export type StatementLine = {
  date: Date;
  organization: string;
  ein: string | null;
  fundraiser: string;
  /** The deductible amount: the whole gift, or the deductible part of a ticket payment. */
  amountCents: Cents;
  donationId: string;
  /** For a ticket payment, the amount actually paid (of which amountCents is deductible). */
  ticketPaidCents?: Cents;
};

export type GivingStatement = {
  year: number;
  donorName: string;
  donorEmail: string;
  lines: StatementLine[];
  byOrganization: { organization: string; ein: string | null; totalCents: Cents; gifts: number }[];
  totalCents: Cents;
};

const formatEin = (ein: string | null) => (ein && ein.length === 9 ? `${ein.slice(0, 2)}-${ein.slice(2)}` : (ein ?? ""));
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Completed gifts of `year` (by the date the gift was made, UTC), oldest first.
 * @throws AppError(not_found) for anyone but the donor.
 */
export async function buildGivingStatement(actor: SessionUser | null, donorId: string, year: number): Promise<GivingStatement> {
  assertOwnDonorPage(actor, donorId);
  const db = await getDb();
  const [donor] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, donorId));
  const rows = await db
    .select({
      donationId: donations.id,
      date: donations.createdAt,
      organization: organizations.name,
      ein: organizations.ein,
      fundraiser: campaigns.name,
      amountCents: donations.amountCents,
      kind: donations.kind,
      goodsValueCents: eventTicketOrders.goodsValueCents,
      eventName: events.name,
    })
    .from(donations)
    .innerJoin(organizations, eq(organizations.id, donations.organizationId))
    .leftJoin(campaigns, eq(campaigns.id, donations.campaignId))
    .leftJoin(eventTicketOrders, and(eq(donations.kind, "ticket"), eq(eventTicketOrders.donationId, donations.id)))
    .leftJoin(events, eq(events.id, eventTicketOrders.eventId))
    .where(
      and(
        eq(donations.donorUserId, donorId),
        eq(donations.status, "succeeded"),
        gte(donations.createdAt, new Date(Date.UTC(year, 0, 1))),
        lt(donations.createdAt, new Date(Date.UTC(year + 1, 0, 1))),
      ),
    )
    .orderBy(donations.createdAt);
  const lines: StatementLine[] = [];
  for (const r of rows) {
    const base = { date: r.date, organization: r.organization, ein: r.ein, donationId: r.donationId };
    if (r.kind === "donation") {
      lines.push({ ...base, fundraiser: r.fundraiser ?? "Direct Donation", amountCents: r.amountCents });
      continue;
    }
    // A ticket whose order is unknown counts as fully priced goods: nothing deductible.
    const deductible = deductiblePart(r.amountCents, r.goodsValueCents ?? r.amountCents);
    if (deductible > 0) {
      lines.push({ ...base, fundraiser: `Tickets: ${r.eventName ?? "event"} (deductible part of ${formatCents(r.amountCents)} paid)`, amountCents: deductible, ticketPaidCents: r.amountCents });
    }
  }
  const groups = new Map<string, { organization: string; ein: string | null; totalCents: number; gifts: number }>();
  for (const l of lines) {
    const key = `${l.organization}|${l.ein ?? ""}`;
    const g = groups.get(key) ?? { organization: l.organization, ein: l.ein, totalCents: 0, gifts: 0 };
    g.totalCents += l.amountCents;
    g.gifts += 1;
    groups.set(key, g);
  }
  return {
    year,
    donorName: `${donor?.firstName ?? ""} ${donor?.lastName ?? ""}`.trim(),
    donorEmail: donor?.email ?? "",
    lines,
    byOrganization: [...groups.values()].sort((a, b) => a.organization.localeCompare(b.organization)),
    totalCents: lines.reduce((s, l) => s + l.amountCents, 0),
  };
}

/** CSV: Date, Organization, EIN, Fundraiser, Amount USD, Donation ID, then a Total row; formula cells escaped. */
export function statementCsv(s: GivingStatement): string {
  const dollars = centsToDecimalString;
  return stringify([
    ["Date", "Organization", "EIN", "Fundraiser", "Amount USD", "Donation ID"],
    ...s.lines.map((l) => [isoDate(l.date), l.organization, formatEin(l.ein), l.fundraiser, dollars(l.amountCents), l.donationId]),
    ["Total", "", "", "", dollars(s.totalCents), ""],
  ], SAFE_CSV_OPTIONS);
}

/** The statement as a PDF (Letter size). */
export function statementPdf(s: GivingStatement): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const doc = new PDFDocument({ size: "LETTER", margin: 54, info: { Title: `Giving statement ${s.year}` } });
    const chunks: Buffer[] = [];
    doc.on("data", (c: Buffer) => chunks.push(c));
    doc.on("end", () => resolve(Buffer.concat(chunks)));
    doc.on("error", reject);
    doc.fontSize(20).text(`Givebridge giving statement ${s.year}`);
    doc.moveDown(0.5).fontSize(11).text(`${s.donorName}${s.donorName ? " · " : ""}${s.donorEmail}`);
    doc.text(`Completed gifts from January 1 to December 31, ${s.year} (UTC), to every nonprofit.`);
    doc.moveDown();
    doc.fontSize(13).text("Summary by nonprofit");
    doc.fontSize(10);
    if (s.byOrganization.length === 0) doc.text("No completed gifts in this year.");
    for (const g of s.byOrganization) {
      doc.text(`${g.organization}${g.ein ? ` (EIN ${formatEin(g.ein)})` : ""}: ${formatCents(g.totalCents)} in ${g.gifts} gift${g.gifts === 1 ? "" : "s"}`);
    }
    doc.moveDown().fontSize(13).text("Gifts");
    doc.fontSize(10);
    for (const l of s.lines) {
      doc.text(`${isoDate(l.date)}   ${formatCents(l.amountCents)}   ${l.organization} · ${l.fundraiser}   (${l.donationId})`);
    }
    doc.moveDown().fontSize(12).text(`Total given in ${s.year}: ${formatCents(s.totalCents)}`);
    doc.moveDown().fontSize(9).fillColor("#555").text(
      "No goods or services were provided in exchange for these contributions unless a receipt says otherwise. " +
        "Keep this statement with your tax records; each nonprofit's own receipt is the acknowledgment of your gift.",
    );
    doc.end();
  });
}
