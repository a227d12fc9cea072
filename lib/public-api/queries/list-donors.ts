/**
 * GET /api/v1/donors and /api/v1/donors/{id} (scope read:donors): the organization's donors as
 * its Donors view groups them (lib/services/donor-relationships/donors-view.ts), with only the
 * name and email the donor's gifts shared themselves (docs/decisions/0014) and never the
 * organization's notes or tags. A donor's id is base64url of the view's donor key, so it stays
 * the same while the donor shares the same email (or name). Each read writes one row of the sharing log
 * (lib/services/donor-relationships/disclosures.ts) naming the API key, the donors and the
 * fields returned (name and email only).
 */
import type { z } from "zod";
import { requireApiScope, type ApiKeyActor } from "@/lib/auth/api-key-access";
import { getDb } from "@/lib/db/client";
import { AppError } from "@/lib/errors";
import type { DonorResource } from "@/lib/integrations/api-resources";
import { recordDisclosure } from "@/lib/services/donor-relationships/disclosures";
import { toDonorResource } from "@/lib/services/api-resources/to-resources";
import { findDonor, listDonorsInFirstGiftOrder, parseDonorKey } from "@/lib/services/donor-relationships/donors-view";
import type { donorListQuerySchema } from "@/lib/public-api/query-schemas";
import { messages } from "@/lib/validations/messages";
import { decodeKeysetCursor, type Page } from "./pagination";

/** The shared fields a donor resource carries (toDonorResource). */
const API_DONOR_FIELDS = ["name", "email"] as const;

/**
 * A page of the key's organization's donors, in the order they first gave (oldest first).
 * @throws AppError(unauthenticated|forbidden) without a key holding read:donors; AppError(bad_request) for a bad cursor.
 */
export async function listDonors(options: { actor: ApiKeyActor | null; query: z.output<typeof donorListQuerySchema>; now?: Date }): Promise<Page<DonorResource>> {
  const organizationId = requireApiScope(options.actor, "read:donors");
  const key = decodeKeysetCursor(options.query.cursor);
  const db = await getDb();
  const page = await listDonorsInFirstGiftOrder({ db, organizationId, after: key ? { firstAt: key.after, keyHash: key.id } : null, limit: options.query.limit, now: options.now });
  await recordDisclosure({ db, actor: options.actor!, organizationId, channel: "api", donors: page.donors, shows: API_DONOR_FIELDS });
  const next = page.more && page.last ? Buffer.from(JSON.stringify({ k: [page.last.firstAt, page.last.keyHash] }), "utf8").toString("base64url") : null;
  return { object: "list", data: page.donors.map(toDonorResource), has_more: page.more, next_cursor: next };
}

/**
 * One donor of the key's organization by id.
 * @throws AppError(unauthenticated|forbidden) without a key holding read:donors;
 *   AppError(not_found) (messages.donors.notFound) for a malformed id, another organization's
 *   donor, or one who no longer shares the name or email the id was made from.
 */
export async function getDonor(options: { actor: ApiKeyActor | null; id: string; now?: Date }): Promise<DonorResource> {
  const organizationId = requireApiScope(options.actor, "read:donors");
  const decoded = /^[A-Za-z0-9_-]+$/.test(options.id) ? Buffer.from(options.id, "base64url").toString("utf8") : "";
  let donorKey: string;
  try {
    donorKey = parseDonorKey(decoded);
  } catch {
    throw new AppError("not_found", messages.donors.notFound);
  }
  const db = await getDb();
  const row = await findDonor({ db, organizationId, donorKey, now: options.now });
  if (!row) throw new AppError("not_found", messages.donors.notFound);
  await recordDisclosure({ db, actor: options.actor!, organizationId, channel: "api", donors: [row], shows: API_DONOR_FIELDS, single: true });
  return toDonorResource(row);
}
