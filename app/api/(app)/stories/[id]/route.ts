// PUT /api/stories/{id} — the nonprofit approves or declines an impact story about it
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { reviewImpactStory } from "@/lib/services/stories/impact-stories";
import { reviewSchema } from "@/lib/validations/donor";
import { idParam } from "@/lib/validations/fields";

export const PUT = route<{ id: string }>(async (req, { params, actor }) => {
  const id = idParam.parse(params.id);
  const { status } = await parseJson(req, reviewSchema);
  return NextResponse.json(await reviewImpactStory({ actor, storyId: id, status }));
}, { auth: "nonprofit" });
