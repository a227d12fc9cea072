// POST /api/organizations/members/invitations — a member of a verified organization invites a colleague by email { email, resend? }: 201 { invitation, message }
import { NextResponse, type NextRequest } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { inviteMember } from "@/lib/services/organizations/invitations";
import { inviteMemberSchema } from "@/lib/validations/members";

export const POST = route(async (req: NextRequest, { actor }) => {
  const input = await parseJson(req, inviteMemberSchema);
  return NextResponse.json(await inviteMember({ actor, input }), { status: 201 });
}, { auth: "nonprofit" });
