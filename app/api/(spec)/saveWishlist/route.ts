// POST /api/saveWishlist — the organization's own nonprofit user adds a wishlist link.
// Body { _id: organization id, wishlist: link }; response { wishlist: links }.
import { NextResponse } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { saveOrganizationLink } from "@/lib/services/organizations/organization-links";
import { saveWishlistSchema } from "@/lib/validations/organization-links";

export const POST = route(async (req, { actor: user }) => {
  const body = await parseJson(req, saveWishlistSchema);
  return NextResponse.json({ wishlist: await saveOrganizationLink({ actor: user, organizationId: body._id, kind: "wishlist", url: body.wishlist }) });
}, { auth: "nonprofit" });
