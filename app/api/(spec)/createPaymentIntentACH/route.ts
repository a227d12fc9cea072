// POST /api/createPaymentIntentACH — checkout: a US bank account (ACH) payment that settles later; idempotent per idempotencyKey
import { checkoutRoute } from "@/lib/http/payment-routes";

export const POST = checkoutRoute("us_bank_account");
