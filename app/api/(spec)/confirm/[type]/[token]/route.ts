// GET /api/confirm/{type}/{token} — confirm an email address from the emailed link
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { confirmEmail } from "@/lib/services/users/password-reset";
import { confirmEmailParamsSchema } from "@/lib/validations/auth";

export const GET = route<{ type: string; token: string }>(async (_req, ctx) => {
  const { type, token } = confirmEmailParamsSchema.parse(ctx.params);
  return NextResponse.json(await confirmEmail({ type, token }));
});
