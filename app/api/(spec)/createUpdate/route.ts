// POST /api/createUpdate — admin publishes a What's New update notice
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { createUpdate } from "@/lib/services/updates/manage-update-notices";
import { updateNoticeSchema } from "@/lib/validations/update-notice";

export const POST = route(async (req, { actor }) => {
  const values = await parseJson(req, updateNoticeSchema);
  const update = await createUpdate({ actor, values });
  return NextResponse.json({ update }, { status: 201 });
}, { auth: "user" });
