// POST /api/donor-imports/{id}/run — queue the import of the rows a dry run kept (202); GET /api/donor-imports/{id} shows its progress until status is "completed"
import { NextResponse, type NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { queueDonorImportRun } from "@/lib/services/donor-imports/donor-imports";
import { idParam } from "@/lib/validations/fields";

export const POST = route<{ id: string }>(
  async (_req: NextRequest, { params, actor }) => {
    const importId = idParam.parse(params.id);
    return NextResponse.json(await queueDonorImportRun({ actor, importId }), { status: 202, headers: { "Cache-Control": "private, no-store" } });
  },
  { auth: "nonprofit", body: "none" },
);
