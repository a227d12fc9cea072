// DELETE /api/account/sessions — "sign out everywhere": end every other session of the signed-in account
import { NextResponse } from "next/server";
import { reissueSessionCookie } from "@/lib/http/session";
import { route } from "@/lib/http/route";
import { signOutEverywhere } from "@/lib/services/users/sessions";

export const DELETE = route(async (req, { actor }) => {
  const { sessionVersion } = await signOutEverywhere({ actor });
  return reissueSessionCookie(req, NextResponse.json({ signedOutEverywhere: true }), sessionVersion);
}, { auth: "user" });
