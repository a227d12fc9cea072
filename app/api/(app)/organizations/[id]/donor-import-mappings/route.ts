// GET /api/organizations/{id}/donor-import-mappings — the nonprofit's saved CSV column mappings; POST saves one under a name (same name: replaced)
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { listImportMappings, saveImportMapping } from "@/lib/services/donor-imports/donor-imports";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ id: string }>(
  async (_req: NextRequest, { params, actor }) => {
    const organizationId = idParam.parse(params.id);
    return NextResponse.json({ mappings: await listImportMappings({ actor, organizationId }) }, { headers: { "Cache-Control": "private, no-store" } });
  },
  { auth: "nonprofit" },
);

export const POST = route<{ id: string }>(
  async (req: NextRequest, { params, actor }) => {
    const organizationId = idParam.parse(params.id);
    // The service validates the body with saveImportMappingBody (422 with the first problem).
    const input = await parseJson(req, z.unknown());
    return NextResponse.json(await saveImportMapping({ actor, organizationId, input }), { status: 201 });
  },
  { auth: "nonprofit" },
);
