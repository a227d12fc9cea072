// POST /api/connect/sandbox — the nonprofit's sandbox payment connection (simulated onboarding; sandbox provider only)
import { NextResponse } from "next/server";
import { requireNonprofit } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { connectSandbox } from "@/lib/services/payments/connect";

export const POST = route(async () => {
  const actor = await requireNonprofit();
  return NextResponse.json(await connectSandbox({ actor }));
});
