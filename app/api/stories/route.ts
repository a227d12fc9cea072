// POST /api/stories — a donor writes an impact story about a nonprofit they supported
import { NextResponse } from "next/server";
import { requireDonor } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { createImpactStory } from "@/lib/services/stories/impact-stories";
import { createStorySchema } from "@/lib/validations/donor";

export const POST = route(async (req) => {
  const input = await parseJson(req, createStorySchema);
  const actor = await requireDonor();
  return NextResponse.json(await createImpactStory(actor, input), { status: 201 });
}, { auth: "donor" });
