// GET /api/donor-imports/{id} — an uploaded donor history import: headers, sample rows, mapping, its queued or running job, the dry run and the progress (the import page polls it)
import { NextResponse, type NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { getDonorImport } from "@/lib/services/donor-imports/donor-imports";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ id: string }>(
  async (_req: NextRequest, { params, actor }) => {
    const importId = idParam.parse(params.id);
    return NextResponse.json(await getDonorImport({ actor, importId }), { headers: { "Cache-Control": "private, no-store" } });
  },
  { auth: "nonprofit" },
);
