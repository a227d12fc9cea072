"use client";

import { cn } from "@/components/ui/cn";
import { TextField } from "@/components/ui/input";
import { formatCardNumber, formatCvc, formatExpiry } from "@/lib/payments/card-format";
import type { CardInput } from "@/lib/validations/donation";

/** The card fields as typed: the shape cardSchema (lib/validations/donation.ts) checks. */
export type CardValue = CardInput;

/**
 * The sandbox provider's test-card fields (donation checkout and paid tickets), following
 * Stripe's test cards. Real providers collect card data in their own form. `errors` is keyed
 * by the checkout's field paths (card.number, card.expiry, card.cvc). The fields format as the
 * donor types (lib/payments/card-format.ts): the number in groups of 4, the expiry as MM/YY,
 * the security code digits only.
 */
export function SandboxCardFields({
  value,
  onChange,
  errors,
  className,
}: {
  value: CardValue;
  onChange: (next: CardValue) => void;
  errors: Record<string, string>;
  className?: string;
}) {
  return (
    <div className={cn("grid gap-4 sm:grid-cols-4", className)}>
      <TextField
        label="Card number"
        name="cardnumber"
        autoComplete="cc-number"
        inputMode="numeric"
        placeholder="4242 4242 4242 4242"
        value={value.number}
        maxLength={23}
        onChange={(e) => onChange({ ...value, number: formatCardNumber(e.target.value) })}
        error={errors["card.number"] ?? errors.cardNumber}
        containerClassName="sm:col-span-2"
      />
      <TextField
        label="Expiry (MM/YY)"
        name="exp"
        autoComplete="cc-exp"
        inputMode="numeric"
        placeholder="12/30"
        maxLength={5}
        value={value.expiry}
        onChange={(e) => onChange({ ...value, expiry: formatExpiry(e.target.value) })}
        error={errors["card.expiry"]}
      />
      <TextField
        label="CVC"
        name="cvc"
        autoComplete="cc-csc"
        inputMode="numeric"
        placeholder="123"
        maxLength={4}
        value={value.cvc}
        onChange={(e) => onChange({ ...value, cvc: formatCvc(e.target.value) })}
        error={errors["card.cvc"]}
      />
      <p className="text-sm text-ink-muted sm:col-span-4">
        Sandbox payments: use 4242 4242 4242 4242 (succeeds), 4000 0000 0000 0002 (declined) or 4000 0025 0000 3155 (needs verification), any future date and any CVC.
      </p>
    </div>
  );
}
