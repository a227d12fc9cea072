// PUT /api/organizations/{id}/donors/notes — a nonprofit saves its private note and tags about one donor ({ donorKey, note, tags })
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { saveDonorNote } from "@/lib/services/donor-relationships/donor-notes";
import { idParam } from "@/lib/validations/fields";

export const PUT = route<{ id: string }>(
  async (req: NextRequest, { params, actor }) => {
    const organizationId = idParam.parse(params.id);
    // The service validates the body with donorNoteSchema (422 with per-field messages).
    const input = await parseJson(req, z.unknown());
    return NextResponse.json(await saveDonorNote({ actor, organizationId, input }), { headers: { "Cache-Control": "private, no-store" } });
  },
  { auth: "nonprofit" },
);
