/**
 * Signed, single-use approval links sent to admins when a nonprofit registers without an EIN.
 * A link is /approve/nonprofit/{linkId}?sig={signature}; the signature is an HMAC-SHA256,
 * keyed with the auth secret, over the approval_links row id and its expiry (epoch ms), so a
 * link cannot be forged, altered or extended; `used_at` makes it single-use.
 */
import "server-only";
import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import { authSecret } from "@/lib/config/signing-secret";
import type { Executor } from "@/lib/db/client";
import { baseUrl, serverEnv } from "@/lib/env";
import { enqueueMail } from "@/lib/mail/queue";
import { approvalLinks, organizations } from "@/models";

/** How long an approval link stays valid: 14 days. */
export const APPROVAL_LINK_TTL_MS = 14 * 24 * 60 * 60 * 1000;

/**
 * The signature of a link row: base64url HMAC-SHA256 over "approve:{linkId}:{expiresAt epoch ms}".
 * @param options.linkId the approval_links row id.
 * @param options.expiresAt the row's expiry.
 */
export function signApprovalLink({ linkId, expiresAt }: { linkId: string; expiresAt: Date }): string {
  return createHmac("sha256", authSecret()).update(`approve:${linkId}:${expiresAt.getTime()}`).digest("base64url");
}

export type ApprovalSignatureValidOptions = { linkId: string; expiresAt: Date; signature: unknown };

/**
 * Does `signature` (the link's `sig`, as received) sign the row `linkId` expiring at `expiresAt`?
 * Compared in constant time; any malformed value is false.
 */
export function approvalSignatureValid({ linkId, expiresAt, signature }: ApprovalSignatureValidOptions): boolean {
  if (typeof signature !== "string" || signature.length === 0 || signature.length > 128) return false;
  const expected = Buffer.from(signApprovalLink({ linkId, expiresAt }));
  const given = Buffer.from(signature);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The page URL of a link: /approve/nonprofit/{linkId}?sig={signature}.
 * @param options.linkId the approval_links row id.
 * @param options.expiresAt the row's expiry, which the signature covers.
 */
export function approvalUrl({ linkId, expiresAt }: { linkId: string; expiresAt: Date }): string {
  return `${baseUrl()}/approve/nonprofit/${linkId}?sig=${signApprovalLink({ linkId, expiresAt })}`;
}

export type QueueApprovalRequestOptions = { tx: Executor; organizationId: string; now?: Date };

/**
 * Create an approval link for a pending organization and queue the email to ADMIN_EMAIL, in
 * the caller's transaction (no link and no mail if the registration rolls back).
 * @returns the link row id and its URL.
 */
export async function queueApprovalRequest({ tx, organizationId, now = new Date() }: QueueApprovalRequestOptions): Promise<{ linkId: string; url: string }> {
  const expiresAt = new Date(now.getTime() + APPROVAL_LINK_TTL_MS);
  const [link] = await tx.insert(approvalLinks).values({ organizationId, expiresAt }).returning({ id: approvalLinks.id });
  const [org] = await tx
    .select({ name: organizations.name, city: organizations.city, state: organizations.state, email: organizations.email })
    .from(organizations)
    .where(eq(organizations.id, organizationId))
    .limit(1);
  const url = approvalUrl({ linkId: link!.id, expiresAt });
  const place = [org?.city, org?.state].filter(Boolean).join(", ");
  await enqueueMail(
    {
      to: serverEnv().ADMIN_EMAIL,
      subject: `Approval needed: ${org?.name ?? "a new nonprofit"}`,
      text: [
        `${org?.name ?? "A nonprofit"}${place ? ` (${place})` : ""} registered without an EIN and is waiting for approval.`,
        org?.email ? `Contact: ${org.email}` : "",
        "",
        `Review and approve it here (sign in as admin first; the link works once and expires on ${expiresAt.toUTCString()}):`,
        url,
        "",
        `You can also approve or reject it from the admin console: ${baseUrl()}/admin`,
      ]
        .filter((line, i, all) => line !== "" || all[i - 1] !== "")
        .join("\n"),
    },
    { tx },
  );
  return { linkId: link!.id, url };
}
