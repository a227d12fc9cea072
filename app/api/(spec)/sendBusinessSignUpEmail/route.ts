// POST /api/sendBusinessSignUpEmail — a business signs up (businessName, email, contactName): stored, team emailed, business confirmed
import { NextResponse, type NextRequest } from "next/server";
import { z } from "zod";
import { clientIp, parseJson, route } from "@/lib/http/route";
import { businessSignUpSchema } from "@/lib/validations/business";
import { signUpBusiness } from "@/lib/services/business/sign-up-business";

async function respond(req: NextRequest, input: unknown) {
  const values = businessSignUpSchema.parse(input);
  const signup = await signUpBusiness({ ...values, ip: clientIp(req) });
  return NextResponse.json({ sent: true, signup: { _id: signup._id, businessName: signup.businessName } }, { status: 201 });
}

/**
 * POST with a JSON body only (the spec lists it under GET): a sign-up is a write, so the
 * contact's name and email stay out of URLs and logs, and no link or prefetch can sign up.
 */
export const POST = route(async (req) => respond(req, await parseJson(req, z.unknown())));
