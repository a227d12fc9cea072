// POST /api/pledges — a visitor pledges to an organization that cannot receive gifts yet (amount + email, no card)
import { NextResponse, type NextRequest } from "next/server";
import { getActor } from "@/lib/http/session";
import { serverEnv } from "@/lib/env";
import { parseJson, route } from "@/lib/http/route";
import { createPledge } from "@/lib/services/pledges/pledges";
import { pledgeSchema } from "@/lib/validations/pledge";

export const POST = route(async (req: NextRequest) => {
  const body = await parseJson(req, pledgeSchema(serverEnv().DONATION_MAX_CENTS));
  const actor = await getActor();
  return NextResponse.json(await createPledge({ actor, input: body }), { status: 201 });
});
