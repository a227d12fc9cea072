/**
 * An email change needs the current password, keeps the old address
 * until the link sent to the new one is opened, and tells the old address.
 */
import { eq, sql } from "drizzle-orm";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { makeDonor } from "@/lib/testing/service-fixtures";
import { parseUpdateUser } from "@/lib/validations/donor";
import { messages } from "@/lib/validations/messages";
import { users } from "@/models";
import { authenticateUser } from "./authenticate-user";
import { confirmEmail } from "./password-reset";
import { updateUserSettings } from "./update-settings";

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
}, 120_000);
afterAll(() => h.close());

const mails = async () =>
  ((await h.db.execute(sql`select data from pgboss.job where name = 'mail' order by created_on`)) as unknown as { rows: { data: { to: string; subject: string; text: string } }[] }).rows.map((r) => r.data);

function settings(body: Record<string, unknown>) {
  const parsed = parseUpdateUser(body);
  if (parsed.kind !== "settings") throw new Error("settings expected");
  return parsed.input;
}

test("without the current password, or with a wrong one, nothing changes", async () => {
  const ann = await makeDonor("ann.change@example.org", "ann-pass-1");
  const none = await updateUserSettings({ actor: ann, input: settings({ _id: ann.id, email: "thief@example.org" }) }).catch((e) => e);
  expect(none.status).toBe(422);
  expect(none.message).toBe(messages.trustAndSafety.emailChangeNeedsPassword);
  const wrong = await updateUserSettings({ actor: ann, input: settings({ _id: ann.id, email: "thief@example.org", confirmPassword: "nope-nope-1" }) }).catch((e) => e);
  expect(wrong.message).toBe(messages.password.currentMismatch);
  const [row] = await h.db.select({ email: users.email, pending: users.pendingEmail }).from(users).where(eq(users.id, ann.id));
  expect(row).toEqual({ email: "ann.change@example.org", pending: null });
  expect((await mails()).some((m) => m.to === "thief@example.org")).toBe(false);
});

test("the new address signs in only after its link is opened; the old address is told", async () => {
  const bea = await makeDonor("bea.old@example.org", "bea-pass-1");
  const res = await updateUserSettings({ actor: bea, input: settings({ _id: bea.id, email: "bea.new@example.org", confirmPassword: "bea-pass-1" }) });
  expect(res.emailChangeSent).toBe(true);
  expect(res.user.email).toBe("bea.old@example.org");

  // The unconfirmed address does not sign in; the old one still does.
  await expect(authenticateUser({ email: "bea.new@example.org", password: "bea-pass-1", ip: "5.5.5.5" })).rejects.toMatchObject({ status: 401 });
  expect((await authenticateUser({ email: "bea.old@example.org", password: "bea-pass-1", ip: "5.5.5.5" })).email).toBe("bea.old@example.org");

  const all = await mails();
  const notice = all.find((m) => m.to === "bea.old@example.org");
  expect(notice?.text).toContain("bea.new@example.org");
  const link = all.find((m) => m.to === "bea.new@example.org")!.text.match(/\/confirm\/email\/([A-Za-z0-9_-]+)/)![1]!;

  expect(await confirmEmail({ type: "email", token: link })).toEqual({ confirmed: true, email: "bea.new@example.org" });
  expect((await authenticateUser({ email: "bea.new@example.org", password: "bea-pass-1", ip: "5.5.5.5" })).email).toBe("bea.new@example.org");
  await expect(authenticateUser({ email: "bea.old@example.org", password: "bea-pass-1", ip: "5.5.5.6" })).rejects.toMatchObject({ status: 401 });
  // Single use.
  await expect(confirmEmail({ type: "email", token: link })).rejects.toMatchObject({ status: 400 });
});
