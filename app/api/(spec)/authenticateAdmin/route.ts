// POST /api/authenticateAdmin — check the admin password (constant time, rate limited per IP, logged)
import { NextResponse } from "next/server";
import { authenticateAdmin } from "@/lib/auth/admin";
import { clientIp, parseJson, route } from "@/lib/http/route";
import { adminSignInSchema } from "@/lib/validations/auth";

/**
 * Answers 200 { authenticated: true } for the right password, 401 for a wrong one, 429 with
 * Retry-After after five failures from one address, 503 when admin sign-in is not configured.
 * The browser session itself is opened by next-auth's "admin" provider with the same check.
 */
export const POST = route(async (req) => {
  const { password } = await parseJson(req, adminSignInSchema);
  const admin = await authenticateAdmin({ password, ip: clientIp(req) });
  return NextResponse.json({ authenticated: true, user: { type: admin.type, _id: admin._id } });
});
