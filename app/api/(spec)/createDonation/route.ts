// POST /api/createDonation — checkout: a donation with the method given in the body; idempotent per idempotencyKey
import { checkoutRoute } from "@/lib/http/payment-routes";

export const POST = checkoutRoute();
