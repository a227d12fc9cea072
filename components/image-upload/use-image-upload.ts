"use client";

import { useCallback, useEffect, useState } from "react";
import type { Area, Point } from "react-easy-crop";
import { MAX_HEIGHT, ORIGINAL_PREFIX, type CropResult, type DeleteResult, type ImageField, type UploadedImage } from "@/lib/images/constants";
import { checkPickedFiles } from "./client-checks";
import { cropToBlob } from "./crop-canvas";
import { sendCropResult, sendDelete } from "./transport";

/** The widget's modes (spec section 2): pick a new image, re-crop the current one, or remove it. */
export type ImageUploadMode = "CHANGE" | "EDIT" | "DELETE";

/** The image being cropped: a picked file (an object URL) or the stored original_ copy. */
export type CropSource = { src: string; file: File | null; name: string; objectUrl: boolean };

export const ZOOM_MIN = 1;
export const ZOOM_MAX = 4;
export const ZOOM_STEP = 0.1;
export const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(z * 100) / 100));

/** The original_ copy beside a stored image: same folder, file name prefixed. */
function originalUrlOf(url: string): string {
  const slash = url.lastIndexOf("/");
  return `${url.slice(0, slash + 1)}${ORIGINAL_PREFIX}${url.slice(slash + 1)}`;
}

type Options = {
  field: ImageField;
  identifier: string;
  /** The image shown now (null: the default image); a new value from the server replaces it. */
  currentUrl: string | null;
  /** Width / height of the crop. */
  ratio: number;
  onUploaded?: (result: UploadedImage) => void | Promise<void>;
  onDeleted?: (result: DeleteResult) => void | Promise<void>;
};

/**
 * The upload widget's state machine: no dialog -> CHANGE (a picked file passed the spec's
 * checks) or EDIT (the stored original) -> crop -> upload with progress -> back, or DELETE ->
 * confirm -> back. A failed upload or delete keeps the old image and shows the server's
 * message in the dialog; a file refused before cropping shows `alert` beside the preview.
 */
export function useImageUpload({ field, identifier, currentUrl, ratio, onUploaded, onDeleted }: Options) {
  const [url, setUrl] = useState<string | null>(currentUrl);
  const [mode, setMode] = useState<ImageUploadMode | null>(null);
  const [source, setSource] = useState<CropSource | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoomValue] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);

  // A new currentUrl from the server (after router.refresh()) replaces the shown image.
  const [seenCurrent, setSeenCurrent] = useState(currentUrl);
  if (seenCurrent !== currentUrl) {
    setSeenCurrent(currentUrl);
    setUrl(currentUrl);
  }
  // Free the object URL of a picked file when it is replaced or the widget goes away.
  useEffect(() => {
    return () => {
      if (source?.objectUrl) URL.revokeObjectURL(source.src);
    };
  }, [source]);

  const close = useCallback(() => {
    setMode(null);
    setSource(null);
    setArea(null);
    setProgress(null);
    setDialogError(null);
    setBusy(false);
  }, []);

  const startCrop = (next: CropSource, as: ImageUploadMode) => {
    setSource(next);
    setCrop({ x: 0, y: 0 });
    setZoomValue(1);
    setArea(null);
    setDialogError(null);
    setMode(as);
  };

  /** Check picked or dropped files with the spec's alerts; a good one opens the cropper. */
  const pick = async (files: ArrayLike<File>) => {
    setAlert(null);
    if (files.length === 0) return;
    const problem = await checkPickedFiles(files);
    if (problem) {
      setAlert(problem);
      return;
    }
    const file = files[0]!;
    startCrop({ src: URL.createObjectURL(file), file, name: file.name || "image.jpg", objectUrl: true }, "CHANGE");
  };

  /** Upload the crop; resolves to false when it failed (spec: "returns false; old image stays"). */
  const save = async (): Promise<boolean> => {
    if (!source || !area) return false;
    setBusy(true);
    setDialogError(null);
    setProgress(0);
    try {
      const square = ratio === 1;
      const croppedImage = await cropToBlob(source.src, area, square ? 800 : MAX_HEIGHT * 2);
      let originalImage: Blob | undefined = source.file ?? undefined;
      if (!originalImage && mode === "EDIT") {
        const res = await fetch(source.src).catch(() => null);
        if (res?.ok) originalImage = await res.blob();
      }
      const stem = source.name.replace(/^original_/, "").replace(/_[A-Za-z0-9]{15}(?=\.[a-z]+$)/, "");
      const result: CropResult = {
        croppedImage,
        croppedImageFileName: stem.replace(/\.[A-Za-z0-9]{1,5}$/, "") + ".jpg",
        field,
        identifier,
        ...(originalImage ? { originalImage, originalImageFileName: `${ORIGINAL_PREFIX}${stem}` } : {}),
      };
      const outcome = await sendCropResult(result, setProgress);
      if (!outcome.ok) {
        setDialogError(outcome.message);
        setBusy(false);
        setProgress(null);
        return false;
      }
      setUrl(outcome.value.url);
      close();
      await onUploaded?.(outcome.value);
      return true;
    } catch {
      setDialogError("We could not crop this image. Please try another one.");
      setBusy(false);
      setProgress(null);
      return false;
    }
  };

  /** Delete the image (after the confirmation dialog). */
  const remove = async () => {
    setBusy(true);
    setDialogError(null);
    const outcome = await sendDelete(field, identifier, url);
    if (!outcome.ok) {
      setDialogError(outcome.message);
      setBusy(false);
      return;
    }
    setUrl(null);
    close();
    await onDeleted?.(outcome.value);
  };

  /** Re-crop the stored image from its original_ copy. */
  const editCurrent = () => {
    if (!url) return;
    setAlert(null);
    const name = url.slice(url.lastIndexOf("/") + 1);
    startCrop({ src: originalUrlOf(url), file: null, name, objectUrl: false }, "EDIT");
  };

  /** Open the delete confirmation. */
  const askDelete = () => {
    setAlert(null);
    setDialogError(null);
    setMode("DELETE");
  };

  const setZoom = (z: number) => setZoomValue(clampZoom(z));
  const zoomBy = (step: number) => setZoomValue((z) => clampZoom(z + step));

  return {
    url,
    mode,
    source,
    crop,
    zoom,
    area,
    progress,
    busy,
    alert,
    dialogError,
    pick,
    save,
    remove,
    editCurrent,
    askDelete,
    close,
    setCrop,
    setZoom,
    zoomBy,
    setArea,
    /** The cropper loaded its image: an earlier load error no longer applies. */
    clearDialogError: () => setDialogError(null),
  };
}
