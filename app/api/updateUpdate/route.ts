// PUT /api/updateUpdate — admin edits an update notice (body: _id, title, description, link)
import { NextResponse } from "next/server";
import { getActor } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { updateUpdate } from "@/lib/services/updates/manage-update-notices";
import { updateNoticeEditSchema } from "@/lib/validations/update-notice";

export const PUT = route(async (req) => {
  const { _id, ...values } = await parseJson(req, updateNoticeEditSchema);
  const update = await updateUpdate({ actor: await getActor(), id: _id, values });
  return NextResponse.json({ update });
}, { auth: "user" });
