// POST /api/createPaypalOrder — checkout through PayPal: creates the donation and the PayPal order; idempotent per idempotencyKey
import { checkoutRoute } from "@/lib/http/payment-routes";

export const POST = checkoutRoute("paypal");
