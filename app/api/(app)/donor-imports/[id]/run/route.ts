// POST /api/donor-imports/{id}/run — import the next batches of a dry-run import (each batch one transaction); call again until status is "completed"
import { NextResponse, type NextRequest } from "next/server";
import { route } from "@/lib/http/route";
import { runDonorImport } from "@/lib/services/donor-imports/donor-imports";
import { idParam } from "@/lib/validations/fields";

/** Batches of 500 rows per request: the page shows progress between requests. */
const BATCHES_PER_REQUEST = 4;

export const POST = route<{ id: string }>(
  async (_req: NextRequest, { params, actor }) => {
    const importId = idParam.parse(params.id);
    return NextResponse.json(await runDonorImport({ actor, importId, maxBatches: BATCHES_PER_REQUEST }));
  },
  { auth: "nonprofit", body: "none" },
);
