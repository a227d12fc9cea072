/**
 * The organization's private note and tags about one donor of its Donors view (table
 * donor_notes, models/donor-relationships.ts). They are the organization's own working notes:
 * only its current members read and write them; they are never shown to the donor, sent
 * through the public API or in webhooks.
 */
import "server-only";
import { sql } from "drizzle-orm";
import type { Actor } from "@/lib/auth/actor";
import { authorize, authorizeOrganization } from "@/lib/auth/authorize";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import { donorNoteSchema } from "@/lib/validations/donor-relationships";
import { topField, zodFieldErrors } from "@/lib/validations/field-errors";
import { messages } from "@/lib/validations/messages";
import { donorNotes } from "@/models";
import { assertDonorExists } from "./donors-view";

export type DonorNoteView = { donorKey: string; note: string; tags: string[] };

export type SaveDonorNoteOptions = {
  actor: Actor | null;
  organizationId: string;
  /** The request body `{ donorKey, note, tags }`, validated here with donorNoteSchema. */
  input: unknown;
};

/**
 * Replace the note and tags the organization keeps about the donor `input.donorKey`.
 * @returns what is stored (tags trimmed and de-duplicated).
 * @throws AppError(unauthenticated) for nobody; AppError(forbidden) for anyone but a current
 *   member of the organization (checked before the body is read); AppError(validation) 422
 *   with messages.donors texts for bad input; AppError(not_found) messages.donors.notFound when
 *   the key names no donor of the organization now. Nothing is written when it throws.
 */
export async function saveDonorNote({ actor, organizationId, input }: SaveDonorNoteOptions): Promise<DonorNoteView> {
  authorize(actor, "donorRelationship.annotate", { organizationId });
  const parsed = donorNoteSchema.safeParse(input);
  if (!parsed.success) {
    const fields = zodFieldErrors(parsed.error, topField);
    throw new AppError("validation", Object.values(fields)[0] ?? messages.generic.badRequest, fields);
  }
  const { donorKey, note, tags } = parsed.data;
  const db = await getDb();
  return db.transaction(async (tx) => {
    await authorizeOrganization(tx, actor, "donorRelationship.annotate", organizationId);
    await assertDonorExists({ db: tx, organizationId, donorKey });
    const [row] = await tx
      .insert(donorNotes)
      .values({ organizationId, donorKey, note, tags, updatedByUserId: actor!.id })
      .onConflictDoUpdate({ target: [donorNotes.organizationId, donorNotes.donorKey], set: { note, tags, updatedByUserId: actor!.id, updatedAt: sql`now()` } })
      .returning({ donorKey: donorNotes.donorKey, note: donorNotes.note, tags: donorNotes.tags });
    return row!;
  });
}
