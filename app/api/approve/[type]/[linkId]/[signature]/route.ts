// PUT /api/approve/{type}/{linkId}/{signature} — approve a pending nonprofit from a signed, single-use link (admin only)
import { NextResponse } from "next/server";
import { z } from "zod";
import { getActor } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { approveByLink } from "@/lib/services/admin/review-nonprofit";
import { idParam } from "@/lib/validations/fields";

const paramsSchema = z.object({
  type: z.literal("nonprofit"),
  linkId: idParam,
  signature: z.string().trim().min(1).max(128).regex(/^[A-Za-z0-9_-]+$/),
});

export const PUT = route<{ type: string; linkId: string; signature: string }>(async (_req, { params }) => {
  const { linkId, signature } = paramsSchema.parse(params);
  const result = await approveByLink({ actor: await getActor(), linkId, signature });
  return NextResponse.json({ nonprofit: result });
}, { auth: "user" });
