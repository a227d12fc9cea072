// POST /api/claim/letter — queue a letter with a one-time code to the organization's address in the IRS file
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { sendClaimLetter } from "@/lib/services/claims/verify-by-letter";

export const runtime = "nodejs";

export const POST = route(async (_req, { actor }) => NextResponse.json(await sendClaimLetter({ actor })), { auth: "nonprofit" });
