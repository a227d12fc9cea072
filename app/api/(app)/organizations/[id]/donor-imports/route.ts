// POST /api/organizations/{id}/donor-imports — a nonprofit uploads a donor history CSV exported from another platform (multipart field "file", at most 20 MB)
import { NextResponse, type NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { readCsvUpload } from "@/lib/http/read-csv-upload";
import { uploadDonorImport } from "@/lib/services/donor-imports/donor-imports";
import { idParam } from "@/lib/validations/fields";

export const runtime = "nodejs";

export const POST = route<{ id: string }>(
  async (req: NextRequest, { params, actor }) => {
    const organizationId = idParam.parse(params.id);
    const upload = await readCsvUpload(req);
    return NextResponse.json(await uploadDonorImport({ actor, organizationId, ...upload }), { status: 201 });
  },
  { auth: "nonprofit", body: "multipart" },
);
