// POST /api/authenticateAdmin — check the admin password (constant time, rate limited per IP, logged)
import { NextResponse } from "next/server";
import { z } from "zod";
import { authenticateAdmin } from "@/lib/auth/admin";
import { clientIp, parseJson, route } from "@/lib/http/route";
import { messages } from "@/lib/validations/messages";

const bodySchema = z.object({ password: z.string({ error: messages.admin.passwordRequired }).min(1, { error: messages.admin.passwordRequired }).max(1024) });

/**
 * Answers 200 { authenticated: true } for the right password, 401 for a wrong one, 429 with
 * Retry-After after five failures from one address, 503 when admin sign-in is not configured.
 * The browser session itself is opened by next-auth's "admin" provider with the same check.
 */
export const POST = route(async (req) => {
  const { password } = await parseJson(req, bodySchema);
  const admin = await authenticateAdmin({ password, ip: clientIp(req) });
  return NextResponse.json({ authenticated: true, user: { type: admin.type, _id: admin._id } });
});
