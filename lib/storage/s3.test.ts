/**
 * The S3 adapter against s3rver, a local S3-compatible server, over real HTTP on 127.0.0.1
 * with path-style addressing and dummy credentials.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import S3rver from "s3rver";
import { createS3Storage, s3PublicBase } from "./s3";
import type { StorageAdapter } from "./types";

let server: S3rver;
let dir: string;
let storage: StorageAdapter;
let endpoint: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), "gb-s3rver-"));
  server = new S3rver({ address: "127.0.0.1", port: 0, silent: true, directory: dir, configureBuckets: [{ name: "gb-images" }] });
  const { port } = await server.run();
  endpoint = `http://127.0.0.1:${port}`;
  storage = createS3Storage({
    bucket: "gb-images",
    region: "us-east-1",
    endpoint,
    forcePathStyle: true,
    accessKeyId: "S3RVER",
    secretAccessKey: "S3RVER",
  });
});
afterAll(async () => {
  await server.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("S3 storage", () => {
  test("puts an object that is publicly readable at its URL, then deletes it", async () => {
    const body = Buffer.from([0xff, 0xd8, 0xff, 9, 8, 7, 6]);
    const key = "images/logo_AbCdEfGhIjKlMnO.jpg";
    await storage.put(key, body, "image/jpeg");

    const url = storage.urlOf(key);
    expect(url).toBe(`${endpoint}/gb-images/${key}`);
    expect(storage.keyOf(url)).toBe(key);
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(Buffer.from(await res.arrayBuffer())).toEqual(body);
    expect(await storage.get(key)).toEqual({ body, contentType: "image/jpeg" });

    await storage.delete(key);
    expect(await storage.get(key)).toBeNull();
    expect((await fetch(url)).status).toBe(404);
  });

  test("a missing object reads as null and deleting it is not an error", async () => {
    expect(await storage.get("images/none_123456789012345.jpg")).toBeNull();
    await expect(storage.delete("images/none_123456789012345.jpg")).resolves.toBeUndefined();
  });

  test("public URLs: path style, virtual host and a configured CDN base", () => {
    expect(s3PublicBase({ bucket: "b", region: "us-east-1", endpoint: "http://127.0.0.1:9000/", forcePathStyle: true })).toBe(
      "http://127.0.0.1:9000/b",
    );
    expect(s3PublicBase({ bucket: "b", region: "us-west-2" })).toBe("https://b.s3.us-west-2.amazonaws.com");
    expect(s3PublicBase({ bucket: "b", region: "us-east-1", publicUrl: "https://cdn.example.org/" })).toBe("https://cdn.example.org");
    expect(storage.keyOf("https://elsewhere.example.org/gb-images/images/a.jpg")).toBeNull();
  });
});
