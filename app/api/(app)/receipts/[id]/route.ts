// GET /api/receipts/{donationId}?token= — the PDF receipt of a succeeded donation (donor's access token or session)
import { type NextRequest } from "next/server";
import { getActor } from "@/lib/http/session";
import { route } from "@/lib/http/route";
import { donationReceiptPdf } from "@/lib/services/donations/get-receipt";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ id: string }>(async (req: NextRequest, { params }) => {
  const donationId = idParam.parse(params.id);
  const actor = await getActor();
  const { pdf, filename } = await donationReceiptPdf({ actor, donationId, token: req.nextUrl.searchParams.get("token") });
  return new Response(new Uint8Array(pdf), {
    headers: { "Content-Type": "application/pdf", "Content-Disposition": `attachment; filename="${filename}"`, "Cache-Control": "private, no-store" },
  });
});
