// GET /api/checkout/challenge — a signed proof-of-work challenge for the guest checkout widget (ALTCHA, self-hosted)
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { createProofOfWorkChallenge } from "@/lib/auth/proof-of-work";

export const dynamic = "force-dynamic";

export const GET = route(async () => {
  return NextResponse.json(await createProofOfWorkChallenge(), { headers: { "Cache-Control": "no-store" } });
});
