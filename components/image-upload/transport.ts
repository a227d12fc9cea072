/**
 * Calls of the widget: the upload with progress (XMLHttpRequest reports upload progress,
 * fetch does not) and the delete.
 */
import type { CropResult, DeleteResult, ImageField, UploadedImage } from "@/lib/images/constants";
import { messages } from "@/lib/validations/messages";

export type CallOutcome<T> = { ok: true; value: T } | { ok: false; message: string };

function messageOf(body: string): string {
  try {
    const parsed = JSON.parse(body) as { message?: unknown };
    if (typeof parsed.message === "string" && parsed.message) return parsed.message;
  } catch {
    // not JSON
  }
  return messages.generic.server;
}

/** POST /api/images with the crop result; `onProgress` gets 0-100. */
export function sendCropResult(result: CropResult, onProgress: (percent: number) => void): Promise<CallOutcome<UploadedImage>> {
  const form = new FormData();
  form.append("field", result.field);
  form.append("identifier", result.identifier);
  form.append("croppedImageFileName", result.croppedImageFileName);
  form.append("croppedImage", result.croppedImage, result.croppedImageFileName);
  if (result.originalImage) {
    const name = result.originalImageFileName ?? "original.jpg";
    form.append("originalImageFileName", name);
    form.append("originalImage", result.originalImage, name);
  }
  return new Promise((resolve) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", "/api/images");
    xhr.responseType = "text";
    xhr.upload.onprogress = (e) => {
      if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * 100));
    };
    xhr.onload = () => {
      if (xhr.status === 200) {
        try {
          resolve({ ok: true, value: JSON.parse(xhr.responseText) as UploadedImage });
        } catch {
          resolve({ ok: false, message: messages.generic.server });
        }
      } else {
        resolve({ ok: false, message: messageOf(xhr.responseText) });
      }
    };
    xhr.onerror = () => resolve({ ok: false, message: messages.generic.server });
    xhr.send(form);
  });
}

/** DELETE /api/images; resolves to the spec's delete result. */
export async function sendDelete(field: ImageField, identifier: string, url: string | null): Promise<CallOutcome<DeleteResult>> {
  try {
    const res = await fetch("/api/images", {
      method: "DELETE",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ field, identifier, url }),
    });
    const text = await res.text();
    if (res.status !== 200) return { ok: false, message: messageOf(text) };
    return { ok: true, value: JSON.parse(text) as DeleteResult };
  } catch {
    return { ok: false, message: messages.generic.server };
  }
}
