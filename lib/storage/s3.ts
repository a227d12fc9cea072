/**
 * Storage in any S3-compatible bucket through @aws-sdk/client-s3 (AWS S3, MinIO, R2, ...).
 * Objects are written with a long cache lifetime: their names carry a random suffix, so a
 * changed image always gets a new URL.
 */
import { DeleteObjectCommand, GetObjectCommand, NoSuchKey, PutObjectCommand, S3Client } from "@aws-sdk/client-s3";
import { assertSafeKey, isSafeKey, type StorageAdapter } from "./types";

export type S3StorageOptions = {
  bucket: string;
  region: string;
  /** Non-AWS endpoint, e.g. http://127.0.0.1:9000. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  forcePathStyle?: boolean;
  /** Public base URL of the objects; default: endpoint/bucket (path style) or the AWS virtual-host URL. */
  publicUrl?: string;
};

/** The public base URL (no trailing slash) under which `key` is appended. */
export function s3PublicBase(o: S3StorageOptions): string {
  if (o.publicUrl) return o.publicUrl.replace(/\/+$/, "");
  if (o.endpoint) {
    const endpoint = new URL(o.endpoint);
    const origin = endpoint.origin + endpoint.pathname.replace(/\/+$/, "");
    return o.forcePathStyle ? `${origin}/${o.bucket}` : `${endpoint.protocol}//${o.bucket}.${endpoint.host}`;
  }
  return `https://${o.bucket}.s3.${o.region}.amazonaws.com`;
}

/** An S3 adapter for one bucket. */
export function createS3Storage(o: S3StorageOptions): StorageAdapter {
  const client = new S3Client({
    region: o.region,
    endpoint: o.endpoint,
    forcePathStyle: o.forcePathStyle,
    credentials: o.accessKeyId && o.secretAccessKey ? { accessKeyId: o.accessKeyId, secretAccessKey: o.secretAccessKey } : undefined,
  });
  const base = s3PublicBase(o);
  return {
    kind: "s3",
    async put(key, body, contentType) {
      assertSafeKey(key);
      await client.send(
        new PutObjectCommand({
          Bucket: o.bucket,
          Key: key,
          Body: body,
          ContentType: contentType,
          CacheControl: "public, max-age=31536000, immutable",
        }),
      );
    },
    async get(key) {
      if (!isSafeKey(key)) return null;
      try {
        const res = await client.send(new GetObjectCommand({ Bucket: o.bucket, Key: key }));
        const bytes = await res.Body!.transformToByteArray();
        return { body: Buffer.from(bytes), contentType: res.ContentType ?? "application/octet-stream" };
      } catch (err) {
        if (err instanceof NoSuchKey || (err as { name?: string }).name === "NoSuchKey") return null;
        throw err;
      }
    },
    async delete(key) {
      if (!isSafeKey(key)) return;
      await client.send(new DeleteObjectCommand({ Bucket: o.bucket, Key: key }));
    },
    urlOf(key) {
      assertSafeKey(key);
      return `${base}/${key}`;
    },
    keyOf(url) {
      if (!url.startsWith(`${base}/`)) return null;
      const key = url.slice(base.length + 1);
      return isSafeKey(key) ? key : null;
    },
  };
}
