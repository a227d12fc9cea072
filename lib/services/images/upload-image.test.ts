import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import sharp from "sharp";
import { actorFromSession, type Actor } from "@/lib/auth/actor";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { AppError } from "@/lib/errors";
import { MAX_IMAGE_BYTES } from "@/lib/images/constants";
import { readImageUpload } from "@/lib/images/read-upload";
import { setStorage } from "@/lib/storage";
import { createLocalStorage } from "@/lib/storage/local";
import type { StorageAdapter } from "@/lib/storage/types";
import { loadSessionUser } from "@/lib/services/users/to-session-user";
import { messages } from "@/lib/validations/messages";
import { fundraisers, impactStories, organizations, users } from "@/models";
import { deleteImage } from "./delete-image";
import { uploadImage } from "./upload-image";

let h: DatabaseHandle;
let root: string;
let ann: Actor;
let bob: Actor;
let np: Actor;
let otherNp: Actor;
let organizationId: string;
let otherOrganizationId: string;
let fundraiserId: string;
let otherFundraiserId: string;
let storyId: string;

const files = () => (fs.existsSync(path.join(root, "images")) ? fs.readdirSync(path.join(root, "images")).sort() : []);
const localFile = (url: string) => path.join(root, url.replace(/^\/uploads\//, ""));

async function jpeg(width: number, height: number): Promise<Buffer> {
  return sharp({ create: { width, height, channels: 3, background: { r: 200, g: 60, b: 60 } } })
    .jpeg()
    .withExif({ IFD3: { GPSLatitudeRef: "N", GPSLatitude: "44/1 15/1 36/1" } })
    .toBuffer();
}

async function user(type: "individual" | "nonprofit", email: string, organizationId: string | null = null): Promise<Actor> {
  const [row] = await h.db.insert(users).values({ type, email, passwordHash: "x", firstName: "T", organizationId }).returning({ id: users.id });
  return actorFromSession((await loadSessionUser({ db: h.db, userId: row!.id }))!);
}

const failure = async (p: Promise<unknown>) => {
  const err = await p.catch((e) => e);
  expect(err).toBeInstanceOf(AppError);
  return err as AppError;
};

beforeAll(async () => {
  h = await createTestDatabase();
  root = fs.mkdtempSync(path.join(os.tmpdir(), "gb-images-svc-"));
  setStorage(createLocalStorage(root));
  const [o1, o2] = await h.db
    .insert(organizations)
    .values([
      { name: "Randolph Area Food Shelf", ein: "030324429", spotlight: { title: "Winter drive", description: "Coats" } },
      { name: "Other Org", ein: "030000001" },
    ])
    .returning({ id: organizations.id });
  organizationId = o1!.id;
  otherOrganizationId = o2!.id;
  ann = await user("individual", "ann@example.org");
  bob = await user("individual", "bob@example.org");
  np = await user("nonprofit", "np@example.org", organizationId);
  otherNp = await user("nonprofit", "other@example.org", otherOrganizationId);
  const [c1, c2] = await h.db
    .insert(fundraisers)
    .values([
      { organizationId, name: "Winter coats", goalCents: 500_000 },
      { organizationId: otherOrganizationId, name: "Not yours", goalCents: 100_000, imageUrl: "https://example.org/keep.jpg" },
    ])
    .returning({ id: fundraisers.id });
  fundraiserId = c1!.id;
  otherFundraiserId = c2!.id;
  const [s] = await h.db
    .insert(impactStories)
    .values({ donorUserId: ann.id, organizationId, title: "My day", body: "Helped out" })
    .returning({ id: impactStories.id });
  storyId = s!.id;
});
afterAll(async () => {
  setStorage(undefined);
  await h.close();
  fs.rmSync(root, { recursive: true, force: true });
});

describe("image uploads", () => {
  test("a donor's profile photo: square 400 px crop plus an original_ copy, GPS removed", async () => {
    const result = await uploadImage({
      actor: ann,
      field: "profileImg",
      identifier: ann.id,
      croppedImage: await jpeg(3000, 3000),
      croppedImageFileName: "me.jpg",
      originalImage: await jpeg(4000, 3000),
    });
    expect(result.url).toMatch(/^\/uploads\/images\/me_[A-Za-z0-9]{15}\.jpg$/);
    expect(result.originalUrl).toBe(result.url.replace("/me_", "/original_me_"));
    const [row] = await h.db.select({ img: users.profileImg }).from(users).where(eq(users.id, ann.id));
    expect(row!.img).toBe(result.url);

    const cropped = await sharp(localFile(result.url)).metadata();
    expect([cropped.format, cropped.width, cropped.height, cropped.exif]).toEqual(["jpeg", 400, 400, undefined]);
    const original = await sharp(localFile(result.originalUrl!)).metadata();
    expect([original.width, original.height, original.exif]).toEqual([1440, 1080, undefined]);
    expect(files()).toHaveLength(2);
  });

  test("replacing an image removes the previous files; deleting removes both and clears the record", async () => {
    const [before] = await h.db.select({ img: users.profileImg }).from(users).where(eq(users.id, ann.id));
    const next = await uploadImage({ actor: ann, field: "profileImg", identifier: ann.id, croppedImage: await jpeg(500, 500) });
    expect(next.url).not.toBe(before!.img);
    expect(fs.existsSync(localFile(before!.img!))).toBe(false);
    expect(files()).toHaveLength(2);
    const name = next.url.split("/").pop()!;
    expect(files()).toEqual([`original_${name}`, name]);

    const removed = await deleteImage({ actor: ann, field: "profileImg", identifier: ann.id, url: next.url });
    expect(removed).toEqual({ field: "profileImg", identifier: ann.id, url: next.url });
    const [after] = await h.db.select({ img: users.profileImg }).from(users).where(eq(users.id, ann.id));
    expect(after!.img).toBeNull();
    expect(files()).toEqual([]);
  });

  test("another user's image cannot be replaced or deleted, and nothing is stored", async () => {
    const mine = await uploadImage({ actor: ann, field: "profileImg", identifier: ann.id, croppedImage: await jpeg(300, 300) });
    const stored = files();

    expect((await failure(uploadImage({ actor: bob, field: "profileImg", identifier: ann.id, croppedImage: await jpeg(300, 300) }))).status).toBe(403);
    expect((await failure(deleteImage({ actor: bob, field: "profileImg", identifier: ann.id }))).status).toBe(403);
    expect((await failure(deleteImage({ actor: np, field: "profileImg", identifier: ann.id }))).status).toBe(403);
    // A nonprofit cannot touch another organization's logo, spotlight or fundraiser.
    expect((await failure(uploadImage({ actor: np, field: "logo", identifier: otherOrganizationId, croppedImage: await jpeg(300, 300) }))).status).toBe(403);
    expect((await failure(uploadImage({ actor: np, field: "spotlightImage", identifier: otherOrganizationId, croppedImage: await jpeg(300, 200) }))).status).toBe(403);
    expect((await failure(deleteImage({ actor: np, field: "campaignImage", identifier: otherFundraiserId }))).status).toBe(403);
    // A donor cannot change an organization's logo; a nonprofit cannot change a donor's story.
    expect((await failure(uploadImage({ actor: ann, field: "logo", identifier: organizationId, croppedImage: await jpeg(300, 300) }))).status).toBe(403);
    expect((await failure(uploadImage({ actor: bob, field: "storyImage", identifier: storyId, croppedImage: await jpeg(320, 180) }))).status).toBe(403);
    expect((await failure(uploadImage({ actor: np, field: "storyImage", identifier: storyId, croppedImage: await jpeg(320, 180) }))).status).toBe(403);
    // Unknown records are 404.
    expect((await failure(uploadImage({ actor: np, field: "eventImage", identifier: "nope", croppedImage: await jpeg(320, 180) }))).status).toBe(404);

    expect(files()).toEqual(stored);
    const [row] = await h.db.select({ img: users.profileImg }).from(users).where(eq(users.id, ann.id));
    expect(row!.img).toBe(mine.url);
    const [other] = await h.db.select({ img: fundraisers.imageUrl }).from(fundraisers).where(eq(fundraisers.id, otherFundraiserId));
    expect(other!.img).toBe("https://example.org/keep.jpg");
    const [otherOrg] = await h.db.select({ logo: organizations.logoUrl }).from(organizations).where(eq(organizations.id, otherOrganizationId));
    expect(otherOrg!.logo).toBeNull();
    expect(otherNp.organizationId).toBe(otherOrganizationId);
  });

  test("oversize and fake images are refused: nothing stored, the old image stays", async () => {
    const [before] = await h.db.select({ img: users.profileImg }).from(users).where(eq(users.id, ann.id));
    const stored = files();
    const text = Buffer.from("just some text renamed to photo.jpg");
    const fake = await failure(uploadImage({ actor: ann, field: "profileImg", identifier: ann.id, croppedImage: text, croppedImageFileName: "photo.jpg" }));
    expect([fake.status, fake.message]).toEqual([400, messages.images.invalid]);

    const big = Buffer.alloc(MAX_IMAGE_BYTES + 1);
    big.set([0xff, 0xd8, 0xff, 0xe0]);
    const tooBig = await failure(uploadImage({ actor: ann, field: "profileImg", identifier: ann.id, croppedImage: await jpeg(300, 300), originalImage: big }));
    expect([tooBig.status, tooBig.message]).toEqual([413, messages.images.tooLarge]);

    expect(files()).toEqual(stored);
    const [after] = await h.db.select({ img: users.profileImg }).from(users).where(eq(users.id, ann.id));
    expect(after!.img).toBe(before!.img);
  });

  test("a storage failure leaves the old image in place", async () => {
    const [before] = await h.db.select({ img: users.profileImg }).from(users).where(eq(users.id, ann.id));
    const real = createLocalStorage(root);
    const broken: StorageAdapter = { ...real, put: async () => Promise.reject(new Error("disk full")) };
    setStorage(broken);
    try {
      const err = await failure(uploadImage({ actor: ann, field: "profileImg", identifier: ann.id, croppedImage: await jpeg(300, 300) }));
      expect(err.status).toBe(503);
    } finally {
      setStorage(real);
    }
    const [after] = await h.db.select({ img: users.profileImg }).from(users).where(eq(users.id, ann.id));
    expect(after!.img).toBe(before!.img);
    expect(fs.existsSync(localFile(before!.img!))).toBe(true);
  });

  test("a nonprofit changes its logo, fundraiser and spotlight images; the spotlight keeps its text", async () => {
    const logo = await uploadImage({ actor: np, field: "logo", identifier: organizationId, croppedImage: await jpeg(800, 800) });
    const fundraiser = await uploadImage({ actor: np, field: "campaignImage", identifier: fundraiserId, croppedImage: await jpeg(3200, 1800) });
    const spot = await uploadImage({ actor: np, field: "spotlightImage", identifier: organizationId, croppedImage: await jpeg(1800, 1200) });
    const [org] = await h.db.select({ logo: organizations.logoUrl, spotlight: organizations.spotlight }).from(organizations).where(eq(organizations.id, organizationId));
    expect(org!.logo).toBe(logo.url);
    expect(org!.spotlight).toEqual({ title: "Winter drive", description: "Coats", imageUrl: spot.url });
    const [c] = await h.db.select({ img: fundraisers.imageUrl }).from(fundraisers).where(eq(fundraisers.id, fundraiserId));
    expect(c!.img).toBe(fundraiser.url);
    expect((await sharp(localFile(fundraiser.url)).metadata()).height).toBe(1080);
    expect((await sharp(localFile(logo.url)).metadata()).width).toBe(400);

    await deleteImage({ actor: np, field: "spotlightImage", identifier: organizationId });
    const [org2] = await h.db.select({ spotlight: organizations.spotlight }).from(organizations).where(eq(organizations.id, organizationId));
    expect(org2!.spotlight).toEqual({ title: "Winter drive", description: "Coats" });
    expect(fs.existsSync(localFile(spot.url))).toBe(false);

    const story = await uploadImage({ actor: ann, field: "storyImage", identifier: storyId, croppedImage: await jpeg(1600, 900) });
    const [s] = await h.db.select({ img: impactStories.imageUrl }).from(impactStories).where(eq(impactStories.id, storyId));
    expect(s!.img).toBe(story.url);
  });
});

describe("reading the upload request", () => {
  const form = (parts: [string, string | Blob, string?][]) => {
    const f = new FormData();
    for (const [k, v, name] of parts) {
      if (typeof v === "string") f.append(k, v);
      else f.append(k, v, name);
    }
    return f;
  };

  test("a declared body over the limit is refused before it is read", async () => {
    let read = false;
    const body = new ReadableStream(
      {
        pull() {
          read = true;
          throw new Error("must not be read");
        },
      },
      { highWaterMark: 0 },
    );
    const req = new Request("http://localhost/api/images", {
      method: "POST",
      body,
      headers: { "content-length": String(3 * MAX_IMAGE_BYTES), "content-type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    expect((await failure(readImageUpload(req))).message).toBe(messages.images.tooLarge);
    expect(read).toBe(false);
  });

  test("a chunked body without Content-Length stops being read at the limit: 413 with the spec's message", async () => {
    let sent = 0;
    const chunk = new Uint8Array(1024 * 1024);
    const body = new ReadableStream<Uint8Array>(
      {
        pull(controller) {
          if (sent >= 22 * 1024 * 1024) return controller.close();
          sent += chunk.byteLength;
          controller.enqueue(chunk);
        },
      },
      { highWaterMark: 0 },
    );
    const req = new Request("http://localhost/api/images", {
      method: "POST",
      body,
      headers: { "content-type": "multipart/form-data; boundary=x" },
      duplex: "half",
    } as RequestInit);
    expect(req.headers.get("content-length")).toBeNull();
    const err = await failure(readImageUpload(req));
    expect([err.status, err.message]).toEqual([413, messages.images.tooLarge]);
    // Reading stopped just past the 20 MB + form overhead limit, not at 22 MB.
    expect(sent).toBeLessThanOrEqual(2 * MAX_IMAGE_BYTES + 64 * 1024 + 2 * chunk.byteLength);
  });

  test("two files in one field, an oversize file and a missing file get the spec's messages", async () => {
    const img = new Blob([new Uint8Array(await jpeg(10, 10))], { type: "image/jpeg" });
    const two = new Request("http://localhost/api/images", {
      method: "POST",
      body: form([["field", "profileImg"], ["identifier", "u1"], ["croppedImage", img, "a.jpg"], ["croppedImage", img, "b.jpg"]]),
    });
    expect((await failure(readImageUpload(two))).message).toBe(messages.images.oneFile);

    const big = new Blob([new Uint8Array(MAX_IMAGE_BYTES + 1)], { type: "image/jpeg" });
    const huge = new Request("http://localhost/api/images", {
      method: "POST",
      body: form([["field", "profileImg"], ["identifier", "u1"], ["croppedImage", big, "big.jpg"]]),
    });
    expect((await failure(readImageUpload(huge))).message).toBe(messages.images.tooLarge);

    const none = new Request("http://localhost/api/images", { method: "POST", body: form([["field", "profileImg"], ["identifier", "u1"]]) });
    expect((await failure(readImageUpload(none))).message).toBe(messages.images.invalid);

    const ok = await readImageUpload(
      new Request("http://localhost/api/images", {
        method: "POST",
        body: form([["field", "logo"], ["identifier", "o1"], ["croppedImage", img, "a.jpg"], ["croppedImageFileName", "a.jpg"]]),
      }),
    );
    expect(ok).toMatchObject({ field: "logo", identifier: "o1", croppedImageFileName: "a.jpg" });
    expect(ok.croppedImage.byteLength).toBe(img.size);
  });
});
