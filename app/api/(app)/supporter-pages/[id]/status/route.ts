// POST /api/supporter-pages/{id}/status — { action }: the supporter pauses, resumes or closes their page; the organization approves, hides, unhides or closes it
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { changeSupporterPageStatus } from "@/lib/services/supporter-pages/supporter-pages";
import { idParam } from "@/lib/validations/fields";

export const POST = route<{ id: string }>(
  async (req: NextRequest, { params, actor }) => {
    const pageId = idParam.parse(params.id);
    // The service validates the body with supporterPageActionSchema.
    const input = await parseJson(req, z.unknown());
    return NextResponse.json(await changeSupporterPageStatus({ actor, pageId, input }));
  },
  { auth: "user" },
);
