// GET /api/check/{email} — is this email free for a new account?
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { checkEmailAvailable } from "@/lib/services/users/check-email-available";

export const GET = route<{ email: string }>(async (_req, { params }) => {
  return NextResponse.json(await checkEmailAvailable({ email: params.email }));
});
