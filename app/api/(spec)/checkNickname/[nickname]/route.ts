// GET /api/checkNickname/{nickname} — is this vanity nickname free for the nonprofit? ({ available })
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { checkNickname } from "@/lib/services/organizations/nickname";
import { nicknameField } from "@/lib/validations/organization";

export const GET = route<{ nickname: string }>(async (_req, { params, actor }) => {
  const nickname = nicknameField.parse(params.nickname);
  return NextResponse.json(await checkNickname({ actor, nickname }));
}, { auth: "nonprofit" });
