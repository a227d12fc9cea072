/** Helpers shared by the public-profile edits; who may edit is the access rule's "organization.update" (lib/auth/can.ts). */

/** Postgres unique_violation (two organizations racing for one nickname). */
export function isUniqueViolation(err: unknown): boolean {
  const e = err as { code?: string; cause?: { code?: string } };
  return e?.code === "23505" || e?.cause?.code === "23505";
}
