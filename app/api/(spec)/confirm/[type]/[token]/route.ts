// GET /api/confirm/{type}/{token} — confirm an email address from the emailed link (type "email"), or verify an organization's claim from the link sent to an address at its domain (type "claim")
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { confirmClaimEmail } from "@/lib/services/claims/verify-by-email";
import { confirmEmail } from "@/lib/services/users/password-reset";
import { confirmEmailParamsSchema } from "@/lib/validations/auth";
import { claimTokenSchema } from "@/lib/validations/claims";

export const GET = route<{ type: string; token: string }>(async (_req, ctx) => {
  const { type, token } = confirmEmailParamsSchema.parse(ctx.params);
  if (type === "claim") return NextResponse.json(await confirmClaimEmail({ token: claimTokenSchema.parse(token) }));
  return NextResponse.json(await confirmEmail({ type, token }));
});
