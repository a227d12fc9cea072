// GET /api/admin/claims/{id}/document — the admin reads a claim's uploaded document beside the IRS record
import { route } from "@/lib/http/route";
import { readClaimDocument } from "@/lib/services/claims/verify-by-document";
import { idParam } from "@/lib/validations/fields";

export const runtime = "nodejs";

export const GET = route<{ id: string }>(async (_req, { params, actor }) => {
  const doc = await readClaimDocument({ actor, claimId: idParam.parse(params.id) });
  return new Response(new Uint8Array(doc.body), {
    headers: {
      "Content-Type": doc.contentType,
      "Content-Disposition": `inline; filename="${doc.name.replace(/[^A-Za-z0-9._-]/g, "_")}"`,
      "Cache-Control": "private, no-store",
      "X-Content-Type-Options": "nosniff",
      "Content-Security-Policy": "default-src 'none'; sandbox",
    },
  });
}, { auth: "user" });
