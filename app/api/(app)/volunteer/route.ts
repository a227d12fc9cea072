// GET /api/volunteer — the donor's volunteer hours and totals; POST logs new hours
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { listMyVolunteerHours, logVolunteerHours } from "@/lib/services/volunteering/volunteer-hours";
import { logHoursSchema } from "@/lib/validations/donor";

export const GET = route(async (_req, { actor }) => {
  return NextResponse.json(await listMyVolunteerHours({ actor }));
}, { auth: "donor" });

export const POST = route(async (req, { actor }) => {
  const input = await parseJson(req, logHoursSchema);
  return NextResponse.json(await logVolunteerHours({ actor, input }), { status: 201 });
}, { auth: "donor" });
