// GET/POST /api/auth/* — next-auth (credentials sign-in, session, sign-out, CSRF). Posts go
// through the request layer too (same origin only; the urlencoded forms next-auth's client
// sends, or JSON for a session update), and a body next-auth could not read is a 4xx here,
// never a 500 inside it.
import NextAuth from "next-auth";
import { NextRequest } from "next/server";
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { parseJsonText, readBodyText } from "@/lib/http/json-body";
import { authOptions } from "@/lib/http/auth-options";
import { messages } from "@/lib/validations/messages";

type Params = { nextauth: string[] };

async function handler(req: NextRequest, ctx: { params: Params }) {
  return NextAuth(authOptions())(req, { params: Promise.resolve(ctx.params) });
}

/** A JSON body is accepted only by the session update, and only as an object. */
async function post(req: NextRequest, ctx: { params: Params }) {
  const type = (req.headers.get("content-type") ?? "").split(";")[0]!.trim().toLowerCase();
  if (type !== "application/json") return handler(req, ctx);
  if (ctx.params.nextauth?.[0] !== "session") throw new AppError("unsupported_media_type", messages.request.formRequired);
  const text = await readBodyText(req);
  const body = parseJsonText(text);
  if (!body || typeof body !== "object" || Array.isArray(body)) throw new AppError("bad_request", messages.generic.badRequest);
  return handler(new NextRequest(req.url, { method: "POST", headers: req.headers, body: text }), ctx);
}

export const GET = route<Params>(handler);
export const POST = route<Params>(post, { body: "form-or-json" });
