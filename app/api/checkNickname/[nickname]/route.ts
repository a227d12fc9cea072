// GET /api/checkNickname/{nickname} — is this vanity nickname free for the nonprofit? ({ available })
import { NextResponse } from "next/server";
import { requireNonprofit } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { checkNickname } from "@/lib/services/organizations/nickname";
import { nicknameField } from "@/lib/validations/organization";

export const GET = route<{ nickname: string }>(async (_req, { params }) => {
  const nickname = nicknameField.parse(params.nickname);
  const actor = await requireNonprofit();
  return NextResponse.json(await checkNickname(actor, nickname));
}, { auth: "nonprofit" });
