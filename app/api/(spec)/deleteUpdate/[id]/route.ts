// DELETE /api/deleteUpdate/{id} — admin deletes an update notice
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { deleteUpdate } from "@/lib/services/updates/manage-update-notices";
import { idParam } from "@/lib/validations/fields";

export const DELETE = route<{ id: string }>(async (_req, { params, actor }) => {
  const id = idParam.parse(params.id);
  return NextResponse.json(await deleteUpdate({ actor, id }));
}, { auth: "user" });
