// DELETE /api/organizations/members/invitations/{invitationId} — a member of a verified organization revokes an open invitation: { revoked, message }
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { revokeInvitation } from "@/lib/services/organizations/invitations";
import { memberIdParam } from "@/lib/validations/members";
import { messages } from "@/lib/validations/messages";
import { AppError } from "@/lib/errors";

export const DELETE = route<{ invitationId: string }>(async (_req, { params, actor }) => {
  const id = memberIdParam.safeParse(params.invitationId);
  if (!id.success) throw new AppError("not_found", messages.members.invitationNotFound);
  return NextResponse.json(await revokeInvitation({ actor, invitationId: id.data }));
}, { auth: "nonprofit" });
