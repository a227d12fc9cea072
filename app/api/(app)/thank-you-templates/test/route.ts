// POST /api/thank-you-templates/test — send one thank-you draft, with a sample donor, to the signed-in member's own email
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { sendThankYouTest } from "@/lib/services/thank-you/thank-you-templates";

export const POST = route(
  async (req: NextRequest, { actor }) => {
    const input = await parseJson(req, z.unknown());
    return NextResponse.json(await sendThankYouTest({ actor, organizationId: actor.organizationId ?? "", input }));
  },
  { auth: "nonprofit" },
);
