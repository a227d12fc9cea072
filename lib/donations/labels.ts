/**
 * The donation vocabulary as people read it, in one place: status labels, payment types, the
 * name of a gift made to the organization rather than a fundraiser, and the EIN's printed
 * form. Pages, reports, CSV files, emails and PDF receipts all read these, so they cannot
 * disagree. Safe in the browser (no server imports).
 */
import type { donations } from "@/models";

/** A donation's stored status (models/payments.ts, donation_status). */
export type DonationStatus = (typeof donations.$inferSelect)["status"];
/** How a donation was paid (models/payments.ts, payment_method_type). */
export type PaymentMethodType = (typeof donations.$inferSelect)["paymentMethodType"];

/** Spec section 9: a donation made to the organization rather than to a fundraiser. */
export const DIRECT_DONATION = "Direct Donation";

const STATUS_LABELS: Record<DonationStatus, string> = {
  pending: "Pending",
  requires_action: "Pending Verification",
  processing: "Processing",
  succeeded: "Completed",
  failed: "Failed",
  refunded: "Refunded",
  canceled: "Canceled",
};

/**
 * Spec section 4's status display: succeeded (or no status) -> "Completed", requires_action ->
 * "Pending Verification", failed -> "Failed" (shown with its reason), pending -> "Pending",
 * processing, refunded and canceled capitalised. Any other text is capitalised as-is.
 */
export function displayDonationStatus(status: string | null | undefined): string {
  if (!status) return STATUS_LABELS.succeeded;
  if (Object.hasOwn(STATUS_LABELS, status)) return STATUS_LABELS[status as DonationStatus];
  return status.charAt(0).toUpperCase() + status.slice(1);
}

const PAYMENT_TYPE_LABELS: Record<PaymentMethodType, string> = {
  card: "Card",
  us_bank_account: "Bank (ACH)",
  wallet: "Apple Pay / Google Pay",
  paypal: "PayPal",
};

/** "card" -> "Card", "us_bank_account" -> "Bank (ACH)", "wallet" -> "Apple Pay / Google Pay", "paypal" -> "PayPal". */
export function paymentTypeLabel(method: PaymentMethodType): string {
  return PAYMENT_TYPE_LABELS[method];
}

/** How a gift recorded offline was given (models/donations.ts, offline_gift_method). */
export type OfflineMethod = NonNullable<(typeof donations.$inferSelect)["offlineMethod"]>;

const OFFLINE_METHOD_LABELS: Record<OfflineMethod, string> = {
  cash: "Cash",
  check: "Check",
  daf: "Donor-advised fund grant",
  stock: "Stock",
  in_kind: "In-kind",
  other_platform: "Another platform",
};

/** "check" -> "Check", "daf" -> "Donor-advised fund grant", "in_kind" -> "In-kind". */
export function offlineMethodLabel(method: OfflineMethod): string {
  return OFFLINE_METHOD_LABELS[method];
}

/**
 * How a gift was paid as reports and receipts show it: the payment type of an online gift
 * ("Card"), "Offline: Check" for a gift its organization recorded offline.
 */
export function giftPaymentTypeLabel(gift: { paymentMethodType: PaymentMethodType; offlineMethod: OfflineMethod | null }): string {
  return gift.offlineMethod ? `Offline: ${offlineMethodLabel(gift.offlineMethod)}` : paymentTypeLabel(gift.paymentMethodType);
}

/** A fundraiser's name, or "Direct Donation" for a gift to the organization itself. */
export function fundraiserLabel(fundraiserName: string | null | undefined): string {
  return fundraiserName ?? DIRECT_DONATION;
}

/** IRS EIN as printed: "123456789" -> "12-3456789"; other text is returned as it is, null stays null. */
export function formatEin(ein: string | null): string | null {
  return ein && /^\d{9}$/.test(ein) ? `${ein.slice(0, 2)}-${ein.slice(2)}` : ein;
}

/** How a gift is dedicated (models/donations.ts, tribute_type). */
export type TributeKind = NonNullable<(typeof donations.$inferSelect)["tributeType"]>;

/** "In honor of" / "In memory of" (`lower`: "in honor of"). */
export function tributeLabel(kind: TributeKind, options: { lower?: boolean } = {}): string {
  const label = kind === "memory" ? "In memory of" : "In honor of";
  return options.lower ? label.toLowerCase() : label;
}

/** "In memory of Jane Doe"; null for a gift without a tribute. Receipts, reports and emails show it. */
export function tributeLine(gift: { tributeType: TributeKind | null; tributeName: string | null }): string | null {
  return gift.tributeType && gift.tributeName ? `${tributeLabel(gift.tributeType)} ${gift.tributeName}` : null;
}
