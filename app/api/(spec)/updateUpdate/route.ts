// PUT /api/updateUpdate — admin edits an update notice (body: _id, title, description, link)
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { updateUpdate } from "@/lib/services/updates/manage-update-notices";
import { updateNoticeEditSchema } from "@/lib/validations/update-notice";

export const PUT = route(async (req, { actor }) => {
  const { _id, ...values } = await parseJson(req, updateNoticeEditSchema);
  const update = await updateUpdate({ actor, id: _id, values });
  return NextResponse.json({ update });
}, { auth: "user" });
