"use client";

import type { RefObject } from "react";
import { Alert } from "@/components/ui/alert";
import { checkoutMessages as messages } from "@/lib/validations/checkout-messages";

/**
 * Why the donation did not go through: the form error if there is one, else each distinct
 * field message once. Focus is moved to it by the submission hook (`alertRef`).
 */
export function CheckoutErrorSummary({ formError, errors, alertRef }: { formError: string | null; errors: Record<string, string>; alertRef: RefObject<HTMLDivElement | null> }) {
  const fieldErrors = [...new Set(Object.values(errors))];
  if (formError) {
    return (
      <Alert variant="error" title="Your donation did not go through" focusRef={alertRef}>
        <span data-testid="checkout-error">{formError}</span>
      </Alert>
    );
  }
  if (fieldErrors.length === 0) return null;
  return (
    <Alert variant="error" title={messages.donation.checkFields} focusRef={alertRef}>
      <ul className="list-disc pl-5" data-testid="checkout-field-errors">
        {fieldErrors.map((m) => (
          <li key={m}>{m}</li>
        ))}
      </ul>
    </Alert>
  );
}
