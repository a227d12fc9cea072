// POST /api/ticket-orders/{id}/refund — the nonprofit refunds a paid ticket order of its event in full, through its payment provider (idempotent)
import { NextResponse, type NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { refundTicketOrder } from "@/lib/services/events/refund-ticket-order";
import { idParam } from "@/lib/validations/fields";

export const POST = route<{ id: string }>(
  async (_req: NextRequest, { params, actor }) => {
    const orderId = idParam.parse(params.id);
    return NextResponse.json(await refundTicketOrder({ actor, orderId }));
  },
  { auth: "nonprofit", body: "none" },
);
