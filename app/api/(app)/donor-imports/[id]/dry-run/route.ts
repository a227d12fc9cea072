// POST /api/donor-imports/{id}/dry-run — check every row with a column mapping and tell what the import would create, match and skip ("line N: reason" for bad rows); writes no gift
import { NextResponse, type NextRequest } from "next/server";
import { parseJson, route } from "@/lib/http/route";
import { dryRunDonorImport } from "@/lib/services/donor-imports/donor-imports";
import { idParam } from "@/lib/validations/fields";
import { z } from "zod";

export const POST = route<{ id: string }>(
  async (req: NextRequest, { params, actor }) => {
    const importId = idParam.parse(params.id);
    // The service validates the mapping with donorImportMappingSchema (422 with the first problem).
    const { mapping } = await parseJson(req, z.object({ mapping: z.unknown() }));
    return NextResponse.json(await dryRunDonorImport({ actor, importId, mapping }));
  },
  { auth: "nonprofit" },
);
