"use client";

import { Crop, ImagePlus, Minus, Plus, Trash2 } from "lucide-react";
import { useCallback, useEffect, useId, useRef, useState, type DragEvent, type KeyboardEvent } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import { DEFAULT_AVATAR, DEFAULT_ORG_LOGO, UserAvatar } from "@/components/layout/user-avatar";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { Modal, ModalClose } from "@/components/ui/dialog";
import { ProgressBar } from "@/components/ui/progress-bar";
import {
  CROP_ASPECTS,
  FIELD_ASPECT,
  MAX_HEIGHT,
  ORIGINAL_PREFIX,
  type CropAspect,
  type CropResult,
  type DeleteResult,
  type ImageField,
  type UploadedImage,
} from "@/lib/images/constants";
import { checkPickedFiles } from "./client-checks";
import { cropToBlob } from "./crop-canvas";
import { sendCropResult, sendDelete } from "./transport";

/** The widget's modes (spec section 2): pick a new image, re-crop the current one, or remove it. */
export type ImageUploadMode = "CHANGE" | "EDIT" | "DELETE";

export type ImageUploadProps = {
  /** Which image of which record (the crop result's field and identifier). */
  field: ImageField;
  identifier: string;
  /** The image shown now; null shows the default image. */
  currentUrl: string | null;
  /** Words for the image in labels: "profile photo", "logo", "fundraiser image". */
  label: string;
  /** Crop ratio; default: the field's (1:1 for photos and logos, 1.5 spotlight, else 16:9). */
  aspect?: CropAspect;
  /** Preview: a round avatar (person / organization default images) or a rectangular banner. */
  preview?: "person" | "organization" | "banner";
  /** Pixel size of a round preview; the width of a banner preview. */
  previewSize?: number;
  /** Show the Delete action (when there is an image). */
  allowDelete?: boolean;
  /** Called after a successful upload (e.g. refresh the session and the page). */
  onUploaded?: (result: UploadedImage) => void | Promise<void>;
  /** Called after a successful delete with the spec's delete result. */
  onDeleted?: (result: DeleteResult) => void | Promise<void>;
  className?: string;
};

/** Small labelled icon buttons: the widget stays as narrow as the avatar beside a name. */
const iconButton =
  "flex size-8 items-center justify-center rounded-control bg-brand-50 text-brand-800 hover:bg-brand-100 " +
  "focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

const ZOOM_MIN = 1;
const ZOOM_MAX = 4;
const ZOOM_STEP = 0.1;
const clampZoom = (z: number) => Math.min(ZOOM_MAX, Math.max(ZOOM_MIN, Math.round(z * 100) / 100));

/** The original_ copy beside a stored image: same folder, file name prefixed. */
function originalUrlOf(url: string): string {
  const slash = url.lastIndexOf("/");
  return `${url.slice(0, slash + 1)}${ORIGINAL_PREFIX}${url.slice(slash + 1)}`;
}

/**
 * The one image upload-and-crop widget (spec sections 2, 3, 5 and 9). CHANGE picks a file
 * (button, or drop on the preview), checks it with the spec's alerts, then opens the cropper;
 * EDIT re-crops the stored original_ copy; DELETE removes the image after a confirmation.
 * Cropping: drag or arrow keys move, the slider, buttons, wheel or +/- keys zoom. While
 * uploading a progress bar shows; a failed upload keeps the old image.
 */
export function ImageUpload({
  field,
  identifier,
  currentUrl,
  label,
  aspect,
  preview = "person",
  previewSize = 72,
  allowDelete = true,
  onUploaded,
  onDeleted,
  className,
}: ImageUploadProps) {
  const ratio = CROP_ASPECTS[aspect ?? FIELD_ASPECT[field]];
  const [url, setUrl] = useState<string | null>(currentUrl);
  const [mode, setMode] = useState<ImageUploadMode | null>(null);
  const [source, setSource] = useState<{ src: string; file: File | null; name: string; objectUrl: boolean } | null>(null);
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(1);
  const [area, setArea] = useState<Area | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const [alert, setAlert] = useState<string | null>(null);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const inputRef = useRef<HTMLInputElement>(null);
  const ids = useId();

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

  const startCrop = (next: { src: string; file: File | null; name: string; objectUrl: boolean }, as: ImageUploadMode) => {
    setSource(next);
    setCrop({ x: 0, y: 0 });
    setZoom(1);
    setArea(null);
    setDialogError(null);
    setMode(as);
  };

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

  const editCurrent = () => {
    if (!url) return;
    setAlert(null);
    const name = url.slice(url.lastIndexOf("/") + 1);
    startCrop({ src: originalUrlOf(url), file: null, name, objectUrl: false }, "EDIT");
  };

  const onCropKeys = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "+" || e.key === "=") {
      e.preventDefault();
      setZoom((z) => clampZoom(z + ZOOM_STEP));
    } else if (e.key === "-" || e.key === "_") {
      e.preventDefault();
      setZoom((z) => clampZoom(z - ZOOM_STEP));
    }
  };

  const onDrop = (e: DragEvent<HTMLDivElement>) => {
    e.preventDefault();
    setDragging(false);
    void pick(e.dataTransfer.files);
  };

  const fallback = preview === "organization" ? DEFAULT_ORG_LOGO : DEFAULT_AVATAR;
  const hint = `${ids}-hint`;

  return (
    <div className={cn("flex shrink-0 flex-col items-center gap-2", className)}>
      <div
        onDragOver={(e) => {
          e.preventDefault();
          setDragging(true);
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        className={cn("rounded-full", dragging && "ring-4 ring-brand-400", preview === "banner" && "rounded-card")}
        data-testid={`image-preview-${field}`}
      >
        {preview === "banner" ? (
          // eslint-disable-next-line @next/next/no-img-element -- uploaded images come from any configured storage host
          <img
            src={url ?? fallback}
            alt={`Your ${label}`}
            width={previewSize}
            height={Math.round(previewSize / ratio)}
            className="rounded-card bg-brand-50 object-cover ring-1 ring-black/5"
            style={{ width: previewSize, height: Math.round(previewSize / ratio) }}
          />
        ) : (
          <UserAvatar src={url} kind={preview} size={previewSize} alt={`Your ${label}`} />
        )}
      </div>

      {/* Icon buttons keep the widget as narrow as the avatar beside a name; each is labelled. */}
      <div className="flex justify-center gap-1">
        <button type="button" onClick={() => inputRef.current?.click()} aria-label={`Change ${label}`} title={`Change ${label}`} className={iconButton}>
          <ImagePlus className="size-4" aria-hidden="true" />
        </button>
        {url ? (
          <button type="button" onClick={editCurrent} aria-label={`Edit ${label} crop`} title={`Edit ${label} crop`} className={iconButton}>
            <Crop className="size-4" aria-hidden="true" />
          </button>
        ) : null}
        {url && allowDelete ? (
          <button
            type="button"
            onClick={() => {
              setAlert(null);
              setDialogError(null);
              setMode("DELETE");
            }}
            aria-label={`Delete ${label}`}
            title={`Delete ${label}`}
            className={cn(iconButton, "text-red-800 hover:bg-red-50")}
          >
            <Trash2 className="size-4" aria-hidden="true" />
          </button>
        ) : null}
      </div>
      <input
        ref={inputRef}
        type="file"
        accept="image/jpeg,image/png,image/gif,image/webp,image/avif,image/tiff"
        className="sr-only"
        tabIndex={-1}
        aria-label={`Choose a new ${label}`}
        onChange={(e) => {
          const files = e.currentTarget.files ? Array.from(e.currentTarget.files) : [];
          e.currentTarget.value = "";
          void pick(files);
        }}
      />
      {alert ? (
        <p role="alert" className="w-36 rounded-control border border-red-200 bg-red-50 px-2 py-1.5 text-center text-xs text-red-900">
          {alert}
        </p>
      ) : null}

      <Modal
        open={mode === "CHANGE" || mode === "EDIT"}
        onOpenChange={(open) => (!open ? close() : undefined)}
        title={`Crop your ${label}`}
        description="Drag the image or use the arrow keys to move it. Zoom with the slider, the buttons, the mouse wheel or the + and - keys."
        size="lg"
        preventClose={busy}
        hideClose={busy}
        footer={
          <>
            <ModalClose>
              <Button variant="outline" disabled={busy}>
                Cancel
              </Button>
            </ModalClose>
            <Button onClick={() => void save()} loading={busy} disabled={!area || busy}>
              Save {label}
            </Button>
          </>
        }
      >
        {source ? (
          <div className="space-y-4">
            <div className="relative h-64 w-full overflow-hidden rounded-control bg-brand-950 sm:h-80" onKeyDown={onCropKeys}>
              <Cropper
                image={source.src}
                crop={crop}
                zoom={zoom}
                minZoom={ZOOM_MIN}
                maxZoom={ZOOM_MAX}
                aspect={ratio}
                cropShape={ratio === 1 && preview !== "banner" ? "round" : "rect"}
                showGrid
                onCropChange={setCrop}
                onZoomChange={(z) => setZoom(clampZoom(z))}
                onCropComplete={(_, pixels) => setArea(pixels)}
                onMediaLoaded={() => setDialogError(null)}
                mediaProps={{ alt: `Your new ${label}`, crossOrigin: "anonymous" } as React.ImgHTMLAttributes<HTMLElement>}
                cropperProps={{ "aria-label": `Crop area: arrow keys move the image, + and - zoom`, "aria-describedby": hint }}
                keyboardStep={10}
              />
            </div>
            <p id={hint} className="sr-only">
              Arrow keys move the image inside the crop area. Plus and minus zoom in and out.
            </p>
            <div className="flex items-center gap-3">
              <Button size="icon" variant="ghost" aria-label="Zoom out" onClick={() => setZoom((z) => clampZoom(z - ZOOM_STEP))} disabled={busy}>
                <Minus className="size-5" aria-hidden="true" />
              </Button>
              <label htmlFor={`${ids}-zoom`} className="sr-only">
                Zoom
              </label>
              <input
                id={`${ids}-zoom`}
                type="range"
                min={ZOOM_MIN}
                max={ZOOM_MAX}
                step={ZOOM_STEP}
                value={zoom}
                aria-valuetext={`${Math.round(zoom * 100)}%`}
                onChange={(e) => setZoom(clampZoom(Number(e.currentTarget.value)))}
                className="h-2 flex-1 cursor-pointer accent-brand-700"
                disabled={busy}
              />
              <Button size="icon" variant="ghost" aria-label="Zoom in" onClick={() => setZoom((z) => clampZoom(z + ZOOM_STEP))} disabled={busy}>
                <Plus className="size-5" aria-hidden="true" />
              </Button>
            </div>
            {progress !== null ? <ProgressBar value={progress} max={100} label={`Uploading your ${label}`} showPercent /> : null}
            {dialogError ? (
              <p role="alert" className="rounded-control border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
                {dialogError}
              </p>
            ) : null}
          </div>
        ) : null}
      </Modal>

      <Modal
        open={mode === "DELETE"}
        onOpenChange={(open) => (!open ? close() : undefined)}
        title={`Delete your ${label}?`}
        description="The default image will show instead."
        size="sm"
        preventClose={busy}
        footer={
          <>
            <ModalClose>
              <Button variant="outline" disabled={busy}>
                Cancel
              </Button>
            </ModalClose>
            <Button variant="danger" onClick={() => void remove()} loading={busy}>
              Delete {label}
            </Button>
          </>
        }
      >
        {dialogError ? (
          <p role="alert" className="rounded-control border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
            {dialogError}
          </p>
        ) : (
          <p className="text-ink-muted">Your {label} will be removed from Givebridge.</p>
        )}
      </Modal>
    </div>
  );
}
