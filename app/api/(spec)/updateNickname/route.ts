// PUT /api/updateNickname — the nonprofit sets or removes its vanity nickname (/nonprofit/{nickname})
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { updateNickname } from "@/lib/services/organizations/nickname";
import { forOrganization, updateNicknameSchema } from "@/lib/validations/organization";

export const PUT = route(async (req, { actor }) => {
  const input = await parseJson(req, updateNicknameSchema);
  return NextResponse.json(await updateNickname({ actor, input: forOrganization(input) }));
}, { auth: "nonprofit" });
