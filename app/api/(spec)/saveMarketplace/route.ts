// POST /api/saveMarketplace — the organization's own nonprofit user adds a marketplace link.
// Body { _id: organization id, marketplace: link }; response { marketplace: links }.
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { saveOrganizationLink } from "@/lib/services/organizations/organization-links";
import { saveMarketplaceSchema } from "@/lib/validations/organization-links";

export const POST = route(async (req, { actor: user }) => {
  const body = await parseJson(req, saveMarketplaceSchema);
  return NextResponse.json({ marketplace: await saveOrganizationLink({ actor: user, organizationId: body._id, kind: "marketplace", url: body.marketplace }) });
}, { auth: "nonprofit" });
