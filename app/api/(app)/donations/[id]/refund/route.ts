// POST /api/donations/{id}/refund — the nonprofit refunds a completed donation in full, through its payment provider (idempotent)
import { NextResponse, type NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { refundDonation } from "@/lib/services/donations/refund-donation";
import { idParam } from "@/lib/validations/fields";

export const POST = route<{ id: string }>(
  async (_req: NextRequest, { params, actor }) => {
    const donationId = idParam.parse(params.id);
    return NextResponse.json(await refundDonation({ actor, donationId }));
  },
  { auth: "nonprofit", body: "none" },
);
