import { eq } from "drizzle-orm";
import { adminSessionUser } from "@/lib/auth/admin";
import { actorFromSession, type Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import type { AppError } from "@/lib/errors";
import { messages } from "@/lib/validations/messages";
import { adminAuditLog, updateNotices } from "@/models";
import { listUpdateNotices } from "./list-update-notices";
import { createUpdate, deleteUpdate, updateUpdate } from "./manage-update-notices";
import { updateNoticeEditSchema, updateNoticeSchema } from "@/lib/validations/update-notice";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
});
afterAll(() => h.close());

const admin = actorFromSession(adminSessionUser());
const donor: Actor = { ...admin, role: "donor", id: "d1", email: "d@example.org" };
const fail = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as AppError);
const audit = (target: string) => h.db.select({ action: adminAuditLog.action, actor: adminAuditLog.actor }).from(adminAuditLog).where(eq(adminAuditLog.target, target));

describe("update notices", () => {
  test("the schema trims, requires title and description, and accepts only http(s) links", () => {
    expect(updateNoticeSchema.parse({ title: " New ", description: " Hello ", link: "" })).toEqual({ title: "New", description: "Hello", link: null });
    const bad = updateNoticeSchema.safeParse({ title: " ", description: "", link: "javascript:alert(1)" });
    expect(bad.success).toBe(false);
    const msgs = bad.error!.issues.map((i) => i.message);
    expect(msgs).toEqual(expect.arrayContaining([messages.admin.titleRequired, messages.admin.descriptionRequired, messages.admin.linkFormat]));
    expect(updateNoticeEditSchema.safeParse({ title: "a", description: "b" }).success).toBe(false);
  });

  test("an admin creates, edits and deletes a notice; each step is audited", async () => {
    const created = await createUpdate({ actor: admin, values: { title: "Reports", description: "Download donation reports.", link: "https://example.org/r" } });
    expect((await listUpdateNotices()).map((u) => u._id)).toContain(created._id);
    const edited = await updateUpdate({ actor: admin, id: created._id, values: { title: "Reports v2", description: "Now with CSV.", link: null } });
    expect(edited).toMatchObject({ _id: created._id, title: "Reports v2", link: null });
    expect(await deleteUpdate({ actor: admin, id: created._id })).toEqual({ deleted: true, _id: created._id });
    expect(await h.db.select().from(updateNotices).where(eq(updateNotices.id, created._id))).toEqual([]);
    expect((await audit(created._id)).map((a) => a.action).sort()).toEqual(["update.create", "update.delete", "update.edit"]);
    expect((await audit(created._id)).every((a) => a.actor === admin.email)).toBe(true);
    expect((await fail(deleteUpdate({ actor: admin, id: created._id })))?.status).toBe(404);
    expect((await fail(updateUpdate({ actor: admin, id: "missing", values: { title: "x", description: "y", link: null } })))?.status).toBe(404);
  });

  test("nobody is 401 and a donor is 403; nothing is written", async () => {
    const [keep] = await h.db.insert(updateNotices).values({ title: "Keep", description: "me" }).returning({ id: updateNotices.id });
    expect((await fail(createUpdate({ actor: null, values: { title: "x", description: "y", link: null } })))?.status).toBe(401);
    expect((await fail(createUpdate({ actor: donor, values: { title: "x", description: "y", link: null } })))?.status).toBe(403);
    expect((await fail(updateUpdate({ actor: donor, id: keep!.id, values: { title: "x", description: "y", link: null } })))?.status).toBe(403);
    expect((await fail(deleteUpdate({ actor: donor, id: keep!.id })))?.status).toBe(403);
    const [row] = await h.db.select().from(updateNotices).where(eq(updateNotices.id, keep!.id));
    expect(row).toMatchObject({ title: "Keep", description: "me" });
    expect(await h.db.select().from(updateNotices).where(eq(updateNotices.title, "x"))).toEqual([]);
    expect(await audit(keep!.id)).toEqual([]);
  });
});
