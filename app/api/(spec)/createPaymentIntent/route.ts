// POST /api/createPaymentIntent — checkout: a card payment (sandbox test cards, or a Stripe PaymentIntent); idempotent per idempotencyKey
import { checkoutRoute } from "@/lib/http/payment-routes";

export const POST = checkoutRoute("card");
