// GET|POST /api/sendBusinessSignUpEmail — a business signs up (businessName, email, contactName): stored, team emailed, business confirmed
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { clientIp, parseJson, route } from "@/lib/http/route";
import { businessSignUpSchema } from "@/lib/services/business/business-schema";
import { signUpBusiness } from "@/lib/services/business/sign-up-business";

async function respond(req: NextRequest, input: unknown) {
  const values = businessSignUpSchema.parse(input);
  const signup = await signUpBusiness(values, clientIp(req));
  return NextResponse.json({ sent: true, signup: { _id: signup._id, businessName: signup.businessName } }, { status: 201 });
}

/** The spec lists this call under GET, with the fields in the query string. */
export const GET = route(async (req) => respond(req, Object.fromEntries(req.nextUrl.searchParams)));

/**
 * Also accepted as POST with a JSON body: the sign-up form uses it, so the contact's name and
 * email do not end up in URLs, proxy logs and browser history, and a prefetch cannot sign up.
 */
export const POST = route(async (req) => respond(req, await parseJson(req, z.unknown())));
