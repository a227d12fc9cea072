/** Payloads of connecting a nonprofit's payout account (PayPal partner onboarding, spec 4). */
import "./zod-setup";
import { z } from "zod";
import { idParam } from "./fields";

/** POST /api/createPartnerReferral body: the organization (spec name `OrgId`; the caller's own by default). */
export const partnerReferralSchema = z.object({ OrgId: idParam.optional() });

/** POST /api/getPaypalPartnerDetail body: PayPal's merchant id and the single-use state issued for its return. */
export const paypalPartnerDetailSchema = z.object({ merchantIdInPayPal: z.string().trim().min(1).max(64), state: z.string().min(1).max(128) });
