// PUT /api/volunteer/{id} — the nonprofit verifies ("approved") or declines logged hours
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { reviewVolunteerHours } from "@/lib/services/volunteering/volunteer-hours";
import { reviewSchema } from "@/lib/validations/donor";
import { idParam } from "@/lib/validations/fields";

export const PUT = route<{ id: string }>(async (req, { params, actor }) => {
  const id = idParam.parse(params.id);
  const { status } = await parseJson(req, reviewSchema);
  return NextResponse.json(await reviewVolunteerHours({ actor, entryId: id, status }));
}, { auth: "nonprofit" });
