import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { createLocalStorage, localPathOf } from "./local";

let root: string;
beforeAll(() => {
  root = fs.mkdtempSync(path.join(os.tmpdir(), "gb-local-storage-"));
});
afterAll(() => fs.rmSync(root, { recursive: true, force: true }));

describe("local storage", () => {
  test("stores, serves by URL, reads back and deletes a file", async () => {
    const storage = createLocalStorage(root);
    const body = Buffer.from([0xff, 0xd8, 0xff, 1, 2, 3]);
    await storage.put("images/photo_ABCDEFGHIJKLMNO.jpg", body, "image/jpeg");
    expect(fs.readFileSync(path.join(root, "images", "photo_ABCDEFGHIJKLMNO.jpg"))).toEqual(body);

    const url = storage.urlOf("images/photo_ABCDEFGHIJKLMNO.jpg");
    expect(url).toBe("/uploads/images/photo_ABCDEFGHIJKLMNO.jpg");
    expect(storage.keyOf(url)).toBe("images/photo_ABCDEFGHIJKLMNO.jpg");
    expect(await storage.get("images/photo_ABCDEFGHIJKLMNO.jpg")).toEqual({ body, contentType: "image/jpeg" });

    await storage.delete("images/photo_ABCDEFGHIJKLMNO.jpg");
    expect(fs.existsSync(path.join(root, "images", "photo_ABCDEFGHIJKLMNO.jpg"))).toBe(false);
    expect(await storage.get("images/photo_ABCDEFGHIJKLMNO.jpg")).toBeNull();
    // Deleting twice is fine.
    await expect(storage.delete("images/photo_ABCDEFGHIJKLMNO.jpg")).resolves.toBeUndefined();
    // No temporary files are left behind.
    expect(fs.readdirSync(path.join(root, "images"))).toEqual([]);
  });

  test("refuses keys that could escape the folder and URLs it did not produce", async () => {
    const storage = createLocalStorage(root);
    fs.writeFileSync(path.join(path.dirname(root), "gb-secret.txt"), "secret");
    for (const key of ["../gb-secret.txt", "images/../../gb-secret.txt", "/etc/passwd", ".hidden", "a//b", "images/%2e%2e"]) {
      expect(localPathOf(root, key)).toBeNull();
      expect(await storage.get(key)).toBeNull();
      await expect(storage.put(key, Buffer.from("x"), "text/plain")).rejects.toThrow("unsafe storage key");
    }
    expect(fs.readFileSync(path.join(path.dirname(root), "gb-secret.txt"), "utf8")).toBe("secret");
    fs.rmSync(path.join(path.dirname(root), "gb-secret.txt"));
    expect(storage.keyOf("https://example.org/images/a.jpg")).toBeNull();
    expect(storage.keyOf("/uploads/../x.jpg")).toBeNull();
    expect(storage.keyOf("/images/default-avatar.svg")).toBeNull();
  });
});
