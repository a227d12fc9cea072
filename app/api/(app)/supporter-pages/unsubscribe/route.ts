// POST /api/supporter-pages/unsubscribe — { page, token }: a supporter stops the organization's messages about their page, from the signed link (no sign-in)
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { unsubscribeSupporter } from "@/lib/services/supporter-pages/manage-supporter-pages";

const unsubscribeBody = z.object({ page: z.string().max(64), token: z.string().max(200) });

export const POST = route(async (req: NextRequest) => {
  const { page, token } = await parseJson(req, unsubscribeBody);
  return NextResponse.json(await unsubscribeSupporter({ pageId: page, token }));
});
