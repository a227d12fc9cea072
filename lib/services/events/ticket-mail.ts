/**
 * A ticket buyer's purchase confirmation (never a donation receipt: a ticket purchase is a sale,
 * deductible only above the goods' fair market value, IRS Publication 1771), and the facts it,
 * the ticket PDF and the statement share. Queued in the caller's transaction, so it is sent once
 * and only if that transaction commits. Amounts in cents, times UTC.
 */
import "server-only";
import { eq } from "drizzle-orm";
import type { Executor } from "@/lib/db/client";
import { baseUrl } from "@/lib/env";
import { enqueueMail } from "@/lib/mail/queue";
import { ticketConfirmationMail } from "@/lib/mail/templates/ticket";
import { donationAccessToken } from "@/lib/auth/donation-access-token";
import { organizationDisplayName } from "@/lib/directory/display-name";
import { organizationTimeZone } from "@/lib/time/organization-time-zone";
import { organizations, type payments } from "@/models";
import { ticketSaleFacts } from "./ticket-payments";

type PaymentRow = typeof payments.$inferSelect;

/**
 * The ticket confirmation's facts for ticket order `orderId`, paid by `payment`, read in `tx`
 * (null when the order is gone).
 */
export async function ticketMailFacts({
  tx,
  payment,
  orderId,
}: {
  tx: Executor;
  payment: Pick<PaymentRow, "id" | "organizationId" | "succeededAt" | "createdAt">;
  orderId: string;
}) {
  const sale = await ticketSaleFacts({ tx, orderId });
  if (!sale) return null;
  const [org] = await tx
    .select({ name: organizations.name, legalName: organizations.legalName, ein: organizations.ein, logoUrl: organizations.logoUrl, irsDeductibility: organizations.irsDeductibility, state: organizations.state, zipcode: organizations.zipcode })
    .from(organizations)
    .where(eq(organizations.id, payment.organizationId));
  return {
    paymentId: payment.id,
    paidAt: payment.succeededAt ?? payment.createdAt,
    buyerEmail: sale.buyerEmail,
    organizationName: org ? organizationDisplayName(org) : "the organization",
    organizationLegalName: org?.legalName ?? null,
    organizationEin: org?.ein ?? null,
    organizationLogoUrl: org?.logoUrl ?? null,
    irsDeductibility: org?.irsDeductibility ?? null,
    eventName: sale.eventName,
    eventStartsAt: sale.eventStartsAt,
    eventTimeZone: organizationTimeZone({ state: org?.state, zipcode: org?.zipcode }),
    ticketTypeName: sale.ticketTypeName,
    quantity: sale.quantity,
    amountCents: sale.amountCents,
    goodsValueCents: sale.goodsValueCents,
    deductibleCents: sale.deductibleCents,
    receiptUrl: `${baseUrl()}/api/receipts/${payment.id}?token=${donationAccessToken(payment.id)}`,
  };
}

/** Queue the purchase confirmation of ticket order `orderId`, paid by `payment`, in `tx` (none when the order is gone). */
export async function enqueueTicketMail({ tx, payment, orderId }: { tx: Executor; payment: PaymentRow; orderId: string }): Promise<void> {
  const facts = await ticketMailFacts({ tx, payment, orderId });
  const mail = facts ? ticketConfirmationMail(facts) : null;
  if (mail) await enqueueMail(mail, { tx });
}

