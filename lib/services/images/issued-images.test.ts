/**
 * Image fields accept only images the storage layer issued to the slot's
 * owner, and deletes remove only the owner's files.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { actorFromSession, type Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { setStorage } from "@/lib/storage";
import { createLocalStorage } from "@/lib/storage/local";
import { updateSpotlight } from "@/lib/services/organizations/spotlight";
import { loadSessionUser } from "@/lib/services/users/to-session-user";
import { updateUserProfile } from "@/lib/services/users/user-preferences";
import { messages } from "@/lib/validations/messages";
import { organizations, users } from "@/models";
import { deleteImage } from "./delete-image";
import { uploadImage } from "./upload-image";

let h: DatabaseHandle;
let root: string;
let donor: Actor;
let np: Actor;
let otherNp: Actor;
let organizationId: string;
let otherOrganizationId: string;

const localFile = (url: string) => path.join(root, url.replace(/^\/uploads\//, ""));
const jpeg = () => sharp({ create: { width: 500, height: 500, channels: 3, background: { r: 20, g: 120, b: 60 } } }).jpeg().toBuffer();

async function user(type: "individual" | "nonprofit", email: string, organizationId: string | null = null): Promise<Actor> {
  const [row] = await h.db.insert(users).values({ type, email, passwordHash: "x", firstName: "T", organizationId }).returning({ id: users.id });
  return actorFromSession((await loadSessionUser({ db: h.db, userId: row!.id }))!);
}

beforeAll(async () => {
  h = await createTestDatabase();
  root = fs.mkdtempSync(path.join(os.tmpdir(), "gb-issued-images-"));
  setStorage(createLocalStorage(root));
  const [o1, o2] = await h.db.insert(organizations).values([{ name: "Logo Org", ein: "190500001" }, { name: "Other Org", ein: "190500002" }]).returning({ id: organizations.id });
  organizationId = o1!.id;
  otherOrganizationId = o2!.id;
  donor = await user("individual", "img.donor@example.org");
  np = await user("nonprofit", "img.np@example.org", organizationId);
  otherNp = await user("nonprofit", "img.other@example.org", otherOrganizationId);
}, 120_000);
afterAll(async () => {
  await h.close();
  fs.rmSync(root, { recursive: true, force: true });
});

test("a donor cannot take a nonprofit's logo as profile photo, so deleting 'their' photo leaves the logo", async () => {
  const logo = await uploadImage({ actor: np, field: "logo", identifier: organizationId, croppedImage: await jpeg() });
  expect(fs.existsSync(localFile(logo.url))).toBe(true);

  const refused = await updateUserProfile({ actor: donor, input: { _id: donor.id, firstName: "D", lastName: "D", organization_company: "", profileImg: logo.url } }).catch((e) => e);
  expect(refused.status).toBe(422);
  expect(refused.message).toBe(messages.trustAndSafety.imageNotYours);
  const [row] = await h.db.select({ img: users.profileImg }).from(users).where(eq(users.id, donor.id));
  expect(row!.img).toBeNull();

  // Even if the field held it (data from before this rule), the donor's delete leaves the file.
  await h.db.update(users).set({ profileImg: logo.url }).where(eq(users.id, donor.id));
  await deleteImage({ actor: donor, field: "profileImg", identifier: donor.id });
  expect(fs.existsSync(localFile(logo.url))).toBe(true);
  const [org] = await h.db.select({ logo: organizations.logoUrl }).from(organizations).where(eq(organizations.id, organizationId));
  expect(org!.logo).toBe(logo.url);
});

test("another organization cannot use the logo as its spotlight image; the owner can", async () => {
  const [org] = await h.db.select({ logo: organizations.logoUrl }).from(organizations).where(eq(organizations.id, organizationId));
  const logoUrl = org!.logo!;
  const refused = await updateSpotlight({ actor: otherNp, input: { organizationId: otherOrganizationId, title: "Ours", imageUrl: logoUrl } }).catch((e) => e);
  expect(refused.message).toBe(messages.trustAndSafety.imageNotYours);
  const [other] = await h.db.select({ s: organizations.spotlight }).from(organizations).where(eq(organizations.id, otherOrganizationId));
  expect(other!.s).toBeNull();
  const ok = await updateSpotlight({ actor: np, input: { organizationId, title: "Logo too", imageUrl: logoUrl } });
  expect(ok.spotlight?.imageUrl).toBe(logoUrl);
  // A made-up address is refused as well.
  const madeUp = await updateSpotlight({ actor: np, input: { organizationId, imageUrl: "/uploads/images/never-issued.jpg" } }).catch((e) => e);
  expect(madeUp.status).toBe(422);
});

test("the owner's own photo is kept, replaced and deleted as before", async () => {
  const first = await uploadImage({ actor: donor, field: "profileImg", identifier: donor.id, croppedImage: await jpeg() });
  await updateUserProfile({ actor: donor, input: { _id: donor.id, firstName: "D", lastName: "D", organization_company: "", profileImg: first.url } });
  const second = await uploadImage({ actor: donor, field: "profileImg", identifier: donor.id, croppedImage: await jpeg() });
  expect(fs.existsSync(localFile(first.url))).toBe(false);
  await deleteImage({ actor: donor, field: "profileImg", identifier: donor.id });
  expect(fs.existsSync(localFile(second.url))).toBe(false);
});
