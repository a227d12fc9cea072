/**
 * The year-end giving statement: every completed gift of one tax year (UTC calendar year)
 * to every nonprofit, in one PDF and one CSV, with totals per nonprofit and overall, each with
 * the organization's IRS legal name and EIN beside the display name it chose (a renamed
 * organization is still the one on the donor's tax records: lib/validations/legal-name.ts). A ticket purchase is a sale: only its deductible part (amount paid
 * minus the fair market value of the goods and services, IRS Publication 1771) is listed,
 * and a ticket with no deductible part is not listed at all. The PDF has the receipts'
 * letterhead (lib/receipts/pdf-layout.ts), each nonprofit's deductibility in plain words, and
 * a table of gifts whose donation ids stay whole on one line.
 */
import "server-only";
import { stringify } from "csv-stringify/sync";
import { and, eq, gte, lt } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { getDb } from "@/lib/db/client";
import { deductibilityStatement } from "@/lib/receipts/receipt-text";
import { centsToDecimalString, formatCents, type Cents } from "@/lib/money";
import { drawLetterhead, pdfDocument, writeId, type PdfLogos } from "@/lib/receipts/pdf-layout";
import { letterheadLogos } from "@/lib/services/images/image-bytes";
import { organizationDisplayName } from "@/lib/directory/display-name";
import { formatEin, fundraiserLabel } from "@/lib/donations/labels";
import { legalNameLine } from "@/lib/validations/legal-name";
import { SAFE_CSV_OPTIONS } from "@/lib/services/reports/donation-csv";
import { deductiblePart } from "@/lib/services/events/ticket-payments";
import { fundraisers, donations, eventTicketOrders, events, organizations, payments, users } from "@/models";
import { assertOwnDonorPage } from "./donation-history";

export type StatementLine = {
  date: Date;
  /** The organization's display name (lib/directory/display-name.ts). */
  organization: string;
  /** Its name as filed with the IRS; null or absent without an IRS record. */
  legalName?: string | null;
  ein: string | null;
  /** The organization's IRS deductibility code (1, 2, 4 or null). */
  irsDeductibility: string | null;
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
  /** Totals per nonprofit, with its deductibility sentence in plain words. */
  byOrganization: { organization: string; legalName?: string | null; ein: string | null; deductibility: string; totalCents: Cents; gifts: number }[];
  totalCents: Cents;
};

const isoDate = (d: Date) => d.toISOString().slice(0, 10);

/**
 * Completed gifts of `year` (by the date the gift was made, UTC), oldest first.
 * @throws AppError(not_found) for anyone but the donor.
 */
export async function buildGivingStatement({ actor, donorId, year }: { actor: Actor | null; donorId: string; year: number }): Promise<GivingStatement> {
  assertOwnDonorPage({ actor, donorId });
  const db = await getDb();
  const [donor] = await db.select({ firstName: users.firstName, lastName: users.lastName, email: users.email }).from(users).where(eq(users.id, donorId));
  const yearStart = new Date(Date.UTC(year, 0, 1));
  const nextYear = new Date(Date.UTC(year + 1, 0, 1));
  const [gifts, tickets] = await Promise.all([
    db
      .select({
        donationId: donations.id,
        date: donations.createdAt,
        organization: organizations.name,
        legalName: organizations.legalName,
        ein: organizations.ein,
        irsDeductibility: organizations.irsDeductibility,
        fundraiser: fundraisers.name,
        amountCents: donations.amountCents,
      })
      .from(donations)
      .innerJoin(organizations, eq(organizations.id, donations.organizationId))
      .leftJoin(fundraisers, eq(fundraisers.id, donations.fundraiserId))
      .where(and(eq(donations.donorUserId, donorId), eq(donations.status, "succeeded"), gte(donations.createdAt, yearStart), lt(donations.createdAt, nextYear))),
    // Ticket purchases paid by this account: sales, listed only for their deductible part.
    db
      .select({
        donationId: payments.id,
        date: payments.createdAt,
        organization: organizations.name,
        legalName: organizations.legalName,
        ein: organizations.ein,
        irsDeductibility: organizations.irsDeductibility,
        amountCents: eventTicketOrders.amountCents,
        goodsValueCents: eventTicketOrders.goodsValueCents,
        eventName: events.name,
      })
      .from(eventTicketOrders)
      .innerJoin(payments, eq(payments.id, eventTicketOrders.paymentId))
      .innerJoin(events, eq(events.id, eventTicketOrders.eventId))
      .innerJoin(organizations, eq(organizations.id, payments.organizationId))
      .where(and(eq(eventTicketOrders.buyerUserId, donorId), eq(payments.status, "succeeded"), gte(payments.createdAt, yearStart), lt(payments.createdAt, nextYear))),
  ]);
  const lines: StatementLine[] = [];
  for (const r of gifts) {
    const organization = organizationDisplayName({ name: r.organization, legalName: r.legalName });
    lines.push({ date: r.date, organization, legalName: r.legalName, ein: r.ein, irsDeductibility: r.irsDeductibility, donationId: r.donationId, fundraiser: fundraiserLabel(r.fundraiser), amountCents: r.amountCents });
  }
  for (const r of tickets) {
    const deductible = deductiblePart({ amountCents: r.amountCents, goodsValueCents: r.goodsValueCents });
    if (deductible <= 0) continue;
    const organization = organizationDisplayName({ name: r.organization, legalName: r.legalName });
    const base = { date: r.date, organization, legalName: r.legalName, ein: r.ein, irsDeductibility: r.irsDeductibility, donationId: r.donationId };
    lines.push({ ...base, fundraiser: `Tickets: ${r.eventName} (deductible part of ${formatCents(r.amountCents)} paid)`, amountCents: deductible, ticketPaidCents: r.amountCents });
  }
  lines.sort((a, b) => a.date.getTime() - b.date.getTime());
  const groups = new Map<string, GivingStatement["byOrganization"][number]>();
  for (const l of lines) {
    const key = `${l.organization}|${l.ein ?? ""}`;
    const g = groups.get(key) ?? { organization: l.organization, legalName: l.legalName ?? null, ein: l.ein, deductibility: deductibilityStatement(l.irsDeductibility, l.organization), totalCents: 0, gifts: 0 };
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

/** CSV: Date, Organization (display name), Legal name (IRS), EIN, Fundraiser, Amount USD, Donation ID, then a Total row; formula cells escaped. */
export function statementCsv(s: GivingStatement): string {
  const dollars = centsToDecimalString;
  return stringify([
    ["Date", "Organization", "Legal name", "EIN", "Fundraiser", "Amount USD", "Donation ID"],
    ...s.lines.map((l) => [isoDate(l.date), l.organization, l.legalName ?? "", formatEin(l.ein) ?? "", l.fundraiser, dollars(l.amountCents), l.donationId]),
    ["Total", "", "", "", "", dollars(s.totalCents), ""],
  ], SAFE_CSV_OPTIONS);
}

/** A nonprofit's heading in the statement: its display name, then "Legal name: NAME, EIN 12-3456789" (or the EIN alone). */
function organizationHeading(g: GivingStatement["byOrganization"][number]): string {
  const legal = legalNameLine({ legalName: g.legalName, ein: g.ein });
  if (legal) return `${g.organization} · ${legal}`;
  const ein = formatEin(g.ein);
  return ein ? `${g.organization} (EIN ${ein})` : g.organization;
}

/** Columns of the statement's table of gifts: x offset from the left margin and width, points. */
const COLUMNS = { date: [0, 62], gift: [66, 214], amount: [284, 60], id: [350, 154] } as const;

/**
 * The giving `statement` as a PDF (Letter size): letterhead, the donor, totals per nonprofit with each
 * one's IRS legal name, EIN and deductibility in plain words, then one table row per gift (date, nonprofit and
 * fundraiser, amount, donation id whole on one line), repeating the column headings on each page.
 * @param options.statement the donor's statement of one year (amounts in cents, dates UTC).
 * @param options.logos the letterhead's logo bytes (JPEG/PNG); by default the platform's own logo.
 */
export async function statementPdf({ statement: s, logos }: { statement: GivingStatement; logos?: PdfLogos }): Promise<Buffer> {
  const letterhead = logos ?? (await letterheadLogos());
  const { doc, bytes } = pdfDocument({ title: `Giving statement ${s.year}`, margin: 54 });
  const left = doc.page.margins.left;
  const width = doc.page.width - left - doc.page.margins.right;
  const bottom = () => doc.page.height - doc.page.margins.bottom;
  drawLetterhead(doc, { title: `Giving statement ${s.year}`, logos: letterhead });
  doc.font("Helvetica").fontSize(11).fillColor("#111111").text(`${s.donorName}${s.donorName ? " · " : ""}${s.donorEmail}`, left, doc.y + 4, { width });
  doc.text(`Completed gifts from January 1 to December 31, ${s.year} (UTC), to every nonprofit.`, { width });
  doc.moveDown();
  doc.font("Helvetica-Bold").fontSize(13).text("Summary by nonprofit", { width });
  if (s.byOrganization.length === 0) doc.font("Helvetica").fontSize(10).text("No completed gifts in this year.", { width });
  for (const g of s.byOrganization) {
    doc.moveDown(0.3).font("Helvetica-Bold").fontSize(10).fillColor("#111111").text(`${organizationHeading(g)}: ${formatCents(g.totalCents)} in ${g.gifts} gift${g.gifts === 1 ? "" : "s"}`, { width });
    doc.font("Helvetica").fontSize(9).fillColor("#555555").text(g.deductibility, { width });
  }
  doc.moveDown().font("Helvetica-Bold").fontSize(13).fillColor("#111111").text("Gifts", left, doc.y, { width });

  const headings = () => {
    const y = doc.y + 4;
    doc.font("Helvetica-Bold").fontSize(9).fillColor("#555555");
    doc.text("Date", left + COLUMNS.date[0], y, { width: COLUMNS.date[1] });
    doc.text("Nonprofit · fundraiser", left + COLUMNS.gift[0], y, { width: COLUMNS.gift[1] });
    doc.text("Amount", left + COLUMNS.amount[0], y, { width: COLUMNS.amount[1], align: "right" });
    doc.text("Donation ID", left + COLUMNS.id[0], y, { width: COLUMNS.id[1] });
    doc.y = y + 14;
  };
  headings();
  for (const l of s.lines) {
    const gift = `${l.organization} · ${l.fundraiser}`;
    doc.font("Helvetica").fontSize(9);
    const height = Math.max(doc.heightOfString(gift, { width: COLUMNS.gift[1] }), 12) + 6;
    if (doc.y + height > bottom()) {
      doc.addPage();
      headings();
    }
    const y = doc.y;
    doc.fillColor("#111111").text(isoDate(l.date), left + COLUMNS.date[0], y, { width: COLUMNS.date[1] });
    doc.text(gift, left + COLUMNS.gift[0], y, { width: COLUMNS.gift[1] });
    doc.text(formatCents(l.amountCents), left + COLUMNS.amount[0], y, { width: COLUMNS.amount[1], align: "right" });
    writeId(doc, l.donationId, left + COLUMNS.id[0], y + 1, COLUMNS.id[1], 8);
    doc.y = y + height;
  }
  doc.x = left;
  if (doc.y + 80 > bottom()) doc.addPage();
  doc.moveDown().font("Helvetica-Bold").fontSize(12).fillColor("#111111").text(`Total given in ${s.year}: ${formatCents(s.totalCents)}`, left, doc.y, { width });
  doc.moveDown().font("Helvetica").fontSize(9).fillColor("#555555").text(
    "No goods or services were provided in exchange for these contributions unless a receipt says otherwise. " +
      "Keep this statement with your tax records; each nonprofit's own receipt is the acknowledgment of your gift.",
    { width },
  );
  doc.end();
  return bytes;
}
