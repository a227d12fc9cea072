// POST /api/donor-imports/{id}/dry-run — queue the check of every row with a column mapping (202); GET /api/donor-imports/{id} shows its progress and what the import would create, match and skip
import { NextResponse, type NextRequest } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { queueDonorImportDryRun } from "@/lib/services/donor-imports/donor-imports";
import { idParam } from "@/lib/validations/fields";
import { z } from "zod";

export const POST = route<{ id: string }>(
  async (req: NextRequest, { params, actor }) => {
    const importId = idParam.parse(params.id);
    // The service validates the mapping with donorImportMappingSchema (422 with the first problem).
    const { mapping } = await parseJson(req, z.object({ mapping: z.unknown() }));
    return NextResponse.json(await queueDonorImportDryRun({ actor, importId, mapping }), { status: 202, headers: { "Cache-Control": "private, no-store" } });
  },
  { auth: "nonprofit" },
);
