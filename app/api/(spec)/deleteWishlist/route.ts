// POST /api/deleteWishlist — the organization's own nonprofit user deletes a wishlist link.
// Body { _id: organization id, linkId }; response { wishlist: remaining links }.
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { deleteOrganizationLink } from "@/lib/services/organizations/organization-links";
import { deleteOrganizationLinkSchema } from "@/lib/validations/organization-links";

export const POST = route(async (req, { actor: user }) => {
  const body = await parseJson(req, deleteOrganizationLinkSchema);
  return NextResponse.json({ wishlist: await deleteOrganizationLink({ actor: user, organizationId: body._id, kind: "wishlist", linkId: body.linkId }) });
}, { auth: "nonprofit" });
