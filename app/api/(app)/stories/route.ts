// POST /api/stories — a donor writes an impact story about a nonprofit they supported
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { createImpactStory } from "@/lib/services/stories/impact-stories";
import { createStorySchema } from "@/lib/validations/donor";

export const POST = route(async (req, { actor }) => {
  const input = await parseJson(req, createStorySchema);
  return NextResponse.json(await createImpactStory({ actor, input }), { status: 201 });
}, { auth: "donor" });
