/**
 * The checkout form's validation, loaded when the form first validates (on submit): zod and the
 * checkout schema are then fetched with it instead of with the donate page, whose fields work
 * without them. The rules are checkoutFormSchema's (lib/validations/donation.ts), the server's.
 */
import { zodFieldErrors } from "@/lib/validations/field-errors";
import { checkoutFormSchema, type CheckoutFormValues } from "@/lib/validations/donation";

/**
 * The checkout form's field errors for a guest or a signed-in donor, on the sandbox provider
 * or another: `{ "card.number": message }`, the first of each field's messages in the schema's
 * order, word for word; `{}` when the values pass.
 */
export function checkoutFieldErrors(options: { guest: boolean; sandbox: boolean }, values: CheckoutFormValues): Record<string, string> {
  const parsed = checkoutFormSchema(options).safeParse(values);
  return parsed.success ? {} : zodFieldErrors(parsed.error);
}
