// DELETE /api/account — the signed-in donor or nonprofit user deletes their own account
// (lib/services/users/delete-account.ts says what stays: donation records, without personal data).
import { NextResponse } from "next/server";
import { route } from "@/lib/http/route";
import { deleteOwnAccount } from "@/lib/services/users/delete-account";

export const DELETE = route(async (_req, { actor }) => {
  return NextResponse.json(await deleteOwnAccount({ actor }));
}, { auth: "user" });
