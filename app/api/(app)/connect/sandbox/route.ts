// POST /api/connect/sandbox — the nonprofit's sandbox payment connection (simulated onboarding; sandbox provider only)
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { connectSandbox } from "@/lib/services/payouts/connect";

export const POST = route(async (_req, { actor }) => {
  return NextResponse.json(await connectSandbox({ actor }));
}, { auth: "nonprofit" });
