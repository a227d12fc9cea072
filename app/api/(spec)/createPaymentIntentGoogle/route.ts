// POST /api/createPaymentIntentGoogle — checkout: an Apple Pay / Google Pay payment (Stripe Express Checkout); idempotent per idempotencyKey
import { checkoutRoute } from "@/lib/http/payment-routes";

export const POST = checkoutRoute("wallet");
