// POST /api/webhooks/sandbox/simulate — the sandbox's outside actions (3-D Secure verification, ACH settlement, refund), emitted as signed events
import { NextResponse, type NextRequest } from "next/server";
import { getSessionUser } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { sandboxAction } from "@/lib/services/donations/sandbox-action";
import { sandboxActionSchema } from "@/lib/validations/donation";

export const POST = route(async (req: NextRequest) => {
  const body = await parseJson(req, sandboxActionSchema);
  const actor = await getSessionUser();
  return NextResponse.json(await sandboxAction(actor, body));
});
