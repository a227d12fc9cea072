// DELETE /api/donor/account — the signed-in donor deletes their account (donations stay, without personal data)
import { NextResponse } from "next/server";
import { requireDonor } from "@/lib/auth/session";
import { route } from "@/lib/http/route";
import { deleteDonorAccount } from "@/lib/services/users/delete-account";

export const DELETE = route(async () => {
  const actor = await requireDonor();
  return NextResponse.json(await deleteDonorAccount(actor, actor._id));
});
