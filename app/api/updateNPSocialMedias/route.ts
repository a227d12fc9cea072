// PUT /api/updateNPSocialMedias — the nonprofit saves its website and social media links
import { NextResponse } from "next/server";
import { requireNonprofit } from "@/lib/auth/session";
import { parseJson, route } from "@/lib/http/route";
import { updateSocialMedias } from "@/lib/services/organizations/update-social-medias";
import { forOrganization, updateSocialMediasSchema } from "@/lib/validations/organization";

export const PUT = route(async (req) => {
  const input = await parseJson(req, updateSocialMediasSchema);
  const actor = await requireNonprofit();
  return NextResponse.json(await updateSocialMedias(actor, forOrganization(input)));
}, { auth: "nonprofit" });
