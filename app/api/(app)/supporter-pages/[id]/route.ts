// GET /api/supporter-pages/{id} — a page for its editor (its supporter or its organization); PUT edits it; DELETE removes it (its gifts stay)
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { parseJson, route } from "@/lib/http/route";
import { deleteSupporterPage, getSupporterPageForEditor, updateSupporterPage } from "@/lib/services/supporter-pages/supporter-pages";
import { idParam } from "@/lib/validations/fields";

export const GET = route<{ id: string }>(
  async (_req: NextRequest, { params, actor }) => {
    const pageId = idParam.parse(params.id);
    return NextResponse.json(await getSupporterPageForEditor({ actor, pageId }), { headers: { "Cache-Control": "private, no-store" } });
  },
  { auth: "user" },
);

export const PUT = route<{ id: string }>(
  async (req: NextRequest, { params, actor }) => {
    const pageId = idParam.parse(params.id);
    // The service validates the body with updateSupporterPageSchema (422 with per-field messages).
    const input = await parseJson(req, z.unknown());
    return NextResponse.json(await updateSupporterPage({ actor, pageId, input }));
  },
  { auth: "user" },
);

export const DELETE = route<{ id: string }>(
  async (_req: NextRequest, { params, actor }) => {
    const pageId = idParam.parse(params.id);
    return NextResponse.json(await deleteSupporterPage({ actor, pageId }));
  },
  { auth: "user", body: "none" },
);
