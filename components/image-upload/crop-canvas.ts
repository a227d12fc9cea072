/** Cropping in the browser: draw the chosen area of an image onto a canvas and export a JPEG. */
import type { Area } from "react-easy-crop";

/** Load an image element (CORS-enabled so a stored image can be re-cropped). */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const img = new Image();
    img.crossOrigin = "anonymous";
    img.onload = () => resolve(img);
    img.onerror = () => reject(new Error("image failed to load"));
    img.src = src;
  });
}

/**
 * The pixels `area` of `src` as a JPEG blob, scaled down so its height is at most
 * `maxHeight` (the server scales again to its own cap; this only keeps uploads small).
 */
export async function cropToBlob(src: string, area: Area, maxHeight: number): Promise<Blob> {
  const img = await loadImage(src);
  const scale = Math.min(1, maxHeight / area.height);
  const canvas = document.createElement("canvas");
  canvas.width = Math.max(1, Math.round(area.width * scale));
  canvas.height = Math.max(1, Math.round(area.height * scale));
  const ctx = canvas.getContext("2d");
  if (!ctx) throw new Error("no canvas");
  ctx.fillStyle = "#ffffff";
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(img, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return new Promise((resolve, reject) =>
    canvas.toBlob((blob) => (blob ? resolve(blob) : reject(new Error("crop failed"))), "image/jpeg", 0.92),
  );
}
