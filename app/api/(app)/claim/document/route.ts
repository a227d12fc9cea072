// POST /api/claim/document — the claimant uploads the IRS determination letter or Form 990 first page for the admin's review (multipart field "file")
import { NextResponse, type NextRequest } from "next/server";
import { readDocumentUpload } from "@/lib/http/read-document-upload";
import { route } from "@/lib/http/route";
import { submitClaimDocument } from "@/lib/services/claims/verify-by-document";

export const runtime = "nodejs";

export const POST = route(
  async (req: NextRequest, { actor }) => NextResponse.json(await submitClaimDocument({ actor, file: await readDocumentUpload(req) })),
  { auth: "nonprofit", body: "multipart" },
);
