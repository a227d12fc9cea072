// GET /api/confirm/{type}/{token} — confirm an email address from the emailed link
import { NextResponse } from "next/server";
import { z } from "zod";
import { route } from "@/lib/http/route";
import { confirmEmail } from "@/lib/services/users/password-reset";

const params = z.object({ a: z.string().min(1).max(40), b: z.string().min(10).max(200) });

export const GET = route<{ a: string; b: string }>(async (_req, ctx) => {
  const { a, b } = params.parse(ctx.params);
  return NextResponse.json(await confirmEmail(a, b));
});
