// POST /api/authenticate — check email and password (the same check next-auth signs in with)
import { NextResponse } from "next/server";
import { z } from "zod";
import { clientIp, parseJson, route } from "@/lib/http/route";
import { authenticateUser } from "@/lib/services/users/authenticate-user";
import { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";

export const POST = route(async (req) => {
  const body = (await parseJson(req, z.unknown())) as { email?: unknown; password?: unknown; altcha?: unknown } | null;
  if (!body || typeof body !== "object") throw new AppError("bad_request", messages.generic.badRequest);
  const user = await authenticateUser({ email: body.email, password: body.password, ip: clientIp(req), proofOfWork: body.altcha });
  return NextResponse.json({ user });
});
