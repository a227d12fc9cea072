// POST /api/images — upload a cropped image (and its original) for a profile photo, logo, fundraiser, event, spotlight or story; DELETE /api/images — remove it
import { NextResponse } from "next/server";
import { readImageUpload } from "@/lib/images/read-upload";
import { imageDeleteSchema } from "@/lib/images/schemas";
import { parseJson, route } from "@/lib/http/route";
import { deleteImage } from "@/lib/services/images/delete-image";
import { uploadImage } from "@/lib/services/images/upload-image";

export const runtime = "nodejs";

export const POST = route(async (req, { actor }) => {
  // The session comes first here so that nobody signed out makes the server read a 20 MB body.
  const upload = await readImageUpload(req);
  const result = await uploadImage({ actor, ...upload });
  return NextResponse.json(result, { status: 200 });
}, { auth: "user", body: "multipart" });

export const DELETE = route(async (req, { actor }) => {
  const input = await parseJson(req, imageDeleteSchema);
  const result = await deleteImage({ actor, ...input });
  return NextResponse.json(result, { status: 200 });
}, { auth: "user" });
