/**
 * GET /api/getDonorDonations/{organizationId}/{donorIdOrEmail} (the spec's {a}/{b}) — the
 * gifts of one donor to this organization, newest first (at most 500), in the
 * getDonationReports row shape.
 *
 * organizationId is the caller's own (401 without a session, 403 otherwise); donorIdOrEmail
 * is the donor's user id, or an email address (URL-encoded) that matches only gifts where the
 * donor shared that email. Anonymous gifts are never listed. Response 200: a JSON array.
 */
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { getDonorDonations } from "@/lib/services/reports/donation-report";
import { idParam } from "@/lib/validations/fields";

export const dynamic = "force-dynamic";

export const GET = route<{ organizationId: string; donorIdOrEmail: string }>(async (_req, { params, actor }) => {
  const organizationId = idParam.parse(params.organizationId);
  // Next decodes path parameters once; decoding again would turn a "%25" into a broken escape.
  const donor = params.donorIdOrEmail;
  return NextResponse.json(await getDonorDonations({ actor, organizationId, donor }), { headers: { "Cache-Control": "private, no-store" } });
}, { auth: "user" });
