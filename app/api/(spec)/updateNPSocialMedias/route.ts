// PUT /api/updateNPSocialMedias — the nonprofit saves its website and social media links
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { updateSocialMedias } from "@/lib/services/organizations/update-social-medias";
import { forOrganization, updateSocialMediasSchema } from "@/lib/validations/organization";

export const PUT = route(async (req, { actor }) => {
  const input = await parseJson(req, updateSocialMediasSchema);
  return NextResponse.json(await updateSocialMedias({ actor, input: forOrganization(input) }));
}, { auth: "nonprofit" });
