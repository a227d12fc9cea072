/** The one mapping from a users row to the SessionUser DTO (explicit columns only). */
import "server-only";
import { eq } from "drizzle-orm";
import type { SessionUser } from "@/lib/auth/types";
import type { Executor } from "@/lib/db/client";
import { users } from "@/models";

/** Columns selected for a session; never the password hash. */
export const sessionUserColumns = {
  id: users.id,
  type: users.type,
  email: users.email,
  firstName: users.firstName,
  lastName: users.lastName,
  organizationCompany: users.organizationCompany,
  profileImg: users.profileImg,
  telephone: users.telephone,
  organizationId: users.organizationId,
  deletedAt: users.deletedAt,
};

type SessionRow = { [K in keyof typeof sessionUserColumns]: (typeof sessionUserColumns)[K]["_"]["data"] | null };

/** Map selected columns to the session's field names. */
export function toSessionUser(row: Omit<SessionRow, "deletedAt"> & { type: SessionUser["type"]; id: string; email: string }): SessionUser {
  return {
    type: row.type,
    _id: row.id,
    email: row.email,
    firstName: row.firstName ?? "",
    lastName: row.lastName ?? "",
    organization_company: row.organizationCompany ?? "",
    profileImg: row.profileImg ?? null,
    telephone: row.telephone ?? null,
    orgId: row.organizationId ?? null,
  };
}

/** Load the SessionUser of active account `userId` in `db`, or null when it does not exist or was deleted. */
export async function loadSessionUser({ db, userId }: { db: Executor; userId: string }): Promise<SessionUser | null> {
  const [row] = await db.select(sessionUserColumns).from(users).where(eq(users.id, userId)).limit(1);
  if (!row || row.deletedAt) return null;
  return toSessionUser(row);
}
