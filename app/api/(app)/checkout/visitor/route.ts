// GET /api/checkout/visitor — the visitor's own part of the donate page served from cache: the signed-in donor, their sharing defaults, a pledge link's prefill, the supporter page given on
import { NextResponse, type NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { getActor } from "@/lib/http/session";
import { getCheckoutVisitor } from "@/lib/services/checkout/checkout-visitor";
import { checkoutVisitorQuerySchema } from "@/lib/validations/donation";

export const dynamic = "force-dynamic";

export const GET = route(async (req: NextRequest) => {
  const q = req.nextUrl.searchParams;
  const { organizationId, fundraiserId, pledge, token, page } = checkoutVisitorQuerySchema.parse({
    organizationId: q.get("organizationId") ?? undefined,
    fundraiserId: q.get("fundraiserId") ?? undefined,
    pledge: q.get("pledge") ?? undefined,
    token: q.get("token") ?? undefined,
    page: q.get("page") ?? undefined,
  });
  const visitor = await getCheckoutVisitor({ actor: await getActor(), organizationId, fundraiserId: fundraiserId ?? null, pledgeId: pledge ?? null, token: token ?? null, pageId: page ?? null });
  // Personal to the caller: never kept by a browser or a shared cache.
  return NextResponse.json(visitor, { headers: { "Cache-Control": "private, no-store" } });
});
