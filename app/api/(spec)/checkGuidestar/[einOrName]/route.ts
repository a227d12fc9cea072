// GET /api/checkGuidestar/{einOrName} — look an organization up in the IRS directory by EIN or name
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { lookupDirectory } from "@/lib/services/organizations/find-in-directory";

export const GET = route<{ einOrName: string }>(async (_req, { params }) => {
  return NextResponse.json({ organizations: await lookupDirectory({ query: params.einOrName }) });
});
