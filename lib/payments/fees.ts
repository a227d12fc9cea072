/**
 * Fees of a gift, in integer cents. Card and wallet: 2.9% + 30¢ (Stripe's US list price);
 * bank (ACH): 0.8% capped at $5; PayPal: 3.49% + 49¢; plus the platform fee
 * (PLATFORM_FEE_BPS basis points). When the donor covers the fees they are added on top of
 * the gift; otherwise the nonprofit receives the gift less the fees.
 */
import type { Cents } from "@/lib/money";
import type { PaymentMethod } from "./types";

export type FeeBreakdown = {
  /** The gift the donor chose, in cents. */
  amountCents: Cents;
  /** Processing plus platform fees, in cents. */
  feeCents: Cents;
  /** Platform fee part of feeCents, in cents. */
  platformFeeCents: Cents;
  /** Charged to the donor, in cents. */
  chargeCents: Cents;
  /** What the nonprofit receives, in cents. */
  netCents: Cents;
};

/** Processing fee of a charge of `cents` by method, in cents. */
export function processingFee(cents: Cents, method: PaymentMethod): Cents {
  switch (method) {
    case "us_bank_account":
      return Math.min(Math.round((cents * 8) / 1000), 500);
    case "paypal":
      return Math.round((cents * 349) / 10_000) + 49;
    default:
      return Math.round((cents * 29) / 1000) + 30;
  }
}

/**
 * Fees and totals of a gift of `amountCents`.
 * @param platformFeeBps platform fee in basis points (1/100 of a percent).
 */
export function feesFor(amountCents: Cents, method: PaymentMethod, coverFees: boolean, platformFeeBps = 0): FeeBreakdown {
  const platformFeeCents = Math.round((amountCents * platformFeeBps) / 10_000);
  const feeCents = processingFee(amountCents, method) + platformFeeCents;
  return {
    amountCents,
    feeCents,
    platformFeeCents,
    chargeCents: coverFees ? amountCents + feeCents : amountCents,
    netCents: coverFees ? amountCents : Math.max(amountCents - feeCents, 0),
  };
}
