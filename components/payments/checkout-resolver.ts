/**
 * The checkout form's validation, loaded when the form first validates (on submit): zod and the
 * checkout schema are then fetched with it instead of with the donate page, whose fields work
 * without them. The rules are checkoutFormSchema's (lib/validations/donation.ts), the server's.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import type { Resolver } from "react-hook-form";
import { checkoutFormSchema, type CheckoutFormValues } from "@/lib/validations/donation";

/**
 * The react-hook-form resolver of the checkout form for a guest or a signed-in donor, on the
 * sandbox provider or another. Errors keep the schema's messages; values come back raw.
 */
export function checkoutResolver(options: { guest: boolean; sandbox: boolean }): Resolver<CheckoutFormValues> {
  return zodResolver(checkoutFormSchema(options), undefined, { raw: true }) as Resolver<CheckoutFormValues>;
}
