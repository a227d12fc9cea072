/**
 * Payloads of an organization's members (lib/services/organizations/members.ts and
 * invitations.ts), shared by the Members page, the invitation page and the route handlers; the
 * sentences live in lib/validations/messages.ts (members).
 */
import "./zod-setup";
import { z } from "zod";
import { registerNonprofitSchema } from "./auth";
import { emailField, idParam } from "./fields";

/**
 * POST /api/organizations/members/invitations: the colleague's email. `resend`: send a new link
 * for the invitation already waiting for this address (its old link stops working).
 */
export const inviteMemberSchema = z.object({
  email: emailField,
  resend: z.boolean().optional().default(false),
});
export type InviteMemberInput = z.infer<typeof inviteMemberSchema>;

/**
 * Accepting an invitation at /invite/{token}: first name, last name and password, validated as
 * the nonprofit sign-up validates them (the email is the invitation's own).
 */
export const acceptInvitationSchema = registerNonprofitSchema.pick({ firstName: true, lastName: true, password: true });
export type AcceptInvitationInput = z.infer<typeof acceptInvitationSchema>;

/** The link's token in /invite/{token}: 32 random bytes, base64url. */
export const invitationTokenSchema = z.string().trim().regex(/^[A-Za-z0-9_-]{32,64}$/);

/** A member (user id) or an invitation id in a path. */
export const memberIdParam = idParam;
