/**
 * The storage of uploaded files chosen by the environment: an S3-compatible bucket when
 * S3_BUCKET is set, otherwise DATA_DIR/uploads on the local disk (served by the app).
 */
import path from "node:path";
import { serverEnv } from "@/lib/env";
import { createLocalStorage } from "./local";
import { createS3Storage } from "./s3";
import type { StorageAdapter } from "./types";

export type { StorageAdapter } from "./types";

const globalStore = globalThis as unknown as { __givebridgeStorage?: StorageAdapter };

/** The process-wide storage adapter (created on first use). */
export function getStorage(): StorageAdapter {
  if (globalStore.__givebridgeStorage) return globalStore.__givebridgeStorage;
  const env = serverEnv();
  globalStore.__givebridgeStorage = env.S3_BUCKET
    ? createS3Storage({
        bucket: env.S3_BUCKET,
        region: env.S3_REGION,
        endpoint: env.S3_ENDPOINT,
        accessKeyId: env.S3_ACCESS_KEY_ID,
        secretAccessKey: env.S3_SECRET_ACCESS_KEY,
        forcePathStyle: env.S3_FORCE_PATH_STYLE,
        publicUrl: env.S3_PUBLIC_URL,
      })
    : createLocalStorage(localUploadsRoot());
  return globalStore.__givebridgeStorage;
}

/** DATA_DIR/uploads, absolute. */
export function localUploadsRoot(): string {
  return path.resolve(serverEnv().DATA_DIR, "uploads");
}

/** Replace the process-wide adapter (tests); undefined resets to the environment's choice. */
export function setStorage(adapter: StorageAdapter | undefined): void {
  globalStore.__givebridgeStorage = adapter;
}
