// DELETE /api/organizations/members/{userId} — a member of a verified organization removes a member, or themselves (their sessions end): { removed, self, message }
import { NextResponse } from "next/server";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { removeMember } from "@/lib/services/organizations/members";
import { memberIdParam } from "@/lib/validations/members";
import { messages } from "@/lib/validations/messages";

export const DELETE = route<{ userId: string }>(async (_req, { params, actor }) => {
  const id = memberIdParam.safeParse(params.userId);
  if (!id.success) throw new AppError("not_found", messages.members.notMember);
  return NextResponse.json(await removeMember({ actor, userId: id.data }));
}, { auth: "nonprofit" });
