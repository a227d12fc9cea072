// POST /api/webhooks/sandbox/simulate — the sandbox's outside actions (3-D Secure verification, ACH settlement) for the donation's access-token holder, emitted as signed events
import { NextResponse, type NextRequest } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { sandboxAction } from "@/lib/services/donations/sandbox-action";
import { sandboxActionSchema } from "@/lib/validations/donation";

export const POST = route(async (req: NextRequest) => {
  const body = await parseJson(req, sandboxActionSchema);
  return NextResponse.json(await sandboxAction(body));
});
