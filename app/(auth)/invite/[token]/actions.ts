"use server";
/** Server action of /invite/[token]: the invitee accepts (a mail scanner's GET of the link creates nothing). */
import { actionFailureMessage } from "@/lib/http/server-actions";
import { acceptInvitation } from "@/lib/services/organizations/invitations";
import { zodFieldErrors } from "@/lib/validations/field-errors";
import { acceptInvitationSchema, invitationTokenSchema } from "@/lib/validations/members";
import { messages } from "@/lib/validations/messages";

export type AcceptInvitationResult =
  | { ok: true; user: { _id: string; type: string; orgId: string | null; email: string } }
  | { ok: false; message: string; fields: Record<string, string> };

/** Create the invitee's nonprofit account for the invitation's organization; the form then signs it in. */
export async function acceptInvitationAction(token: string, values: unknown): Promise<AcceptInvitationResult> {
  const link = invitationTokenSchema.safeParse(token);
  if (!link.success) return { ok: false, message: messages.members.linkInvalid, fields: {} };
  const input = acceptInvitationSchema.safeParse(values);
  if (!input.success) return { ok: false, message: input.error.issues[0]?.message ?? messages.generic.badRequest, fields: zodFieldErrors(input.error) };
  try {
    const user = await acceptInvitation({ token: link.data, input: input.data });
    return { ok: true, user: { _id: user._id, type: user.type, orgId: user.orgId, email: user.email } };
  } catch (err) {
    return { ok: false, message: actionFailureMessage(err, "accept-invitation"), fields: {} };
  }
}
