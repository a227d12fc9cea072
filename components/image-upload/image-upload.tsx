"use client";

import { Crop, ImagePlus, Trash2 } from "lucide-react";
import { useRef } from "react";
import { cn } from "@/components/ui/cn";
import { CROP_ASPECTS, FIELD_ASPECT, type CropAspect, type DeleteResult, type ImageField, type UploadedImage } from "@/lib/images/constants";
import { CropDialog } from "./crop-dialog";
import { DeleteImageDialog } from "./delete-dialog";
import { ImagePreview } from "./image-preview";
import { useImageUpload } from "./use-image-upload";

export type { ImageUploadMode } from "./use-image-upload";

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

/**
 * The one image upload-and-crop widget (spec sections 2, 3, 5 and 9). CHANGE picks a file
 * (button, or drop on the preview), checks it with the spec's alerts, then opens the cropper;
 * EDIT re-crops the stored original_ copy; DELETE removes the image after a confirmation.
 * Cropping: drag or arrow keys move, the slider, buttons, wheel or +/- keys zoom. While
 * uploading a progress bar shows; a failed upload keeps the old image. The states live in
 * useImageUpload; this component lays out the preview, the actions and the two dialogs.
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
  const upload = useImageUpload({ field, identifier, currentUrl, ratio, onUploaded, onDeleted });
  const { url } = upload;
  const inputRef = useRef<HTMLInputElement>(null);

  return (
    <div className={cn("flex shrink-0 flex-col items-center gap-2", className)}>
      <ImagePreview field={field} url={url} label={label} preview={preview} previewSize={previewSize} ratio={ratio} onDropFiles={(files) => void upload.pick(files)} />

      {/* Icon buttons keep the widget as narrow as the avatar beside a name; each is labelled. */}
      <div className="flex justify-center gap-1">
        <button type="button" onClick={() => inputRef.current?.click()} aria-label={`Change ${label}`} title={`Change ${label}`} className={iconButton}>
          <ImagePlus className="size-4" aria-hidden="true" />
        </button>
        {url ? (
          <button type="button" onClick={upload.editCurrent} aria-label={`Edit ${label} crop`} title={`Edit ${label} crop`} className={iconButton}>
            <Crop className="size-4" aria-hidden="true" />
          </button>
        ) : null}
        {url && allowDelete ? (
          <button type="button" onClick={upload.askDelete} aria-label={`Delete ${label}`} title={`Delete ${label}`} className={cn(iconButton, "text-red-800 hover:bg-red-50")}>
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
          void upload.pick(files);
        }}
      />
      {upload.alert ? (
        <p role="alert" className="w-36 rounded-control border border-red-200 bg-red-50 px-2 py-1.5 text-center text-xs text-red-900">
          {upload.alert}
        </p>
      ) : null}

      <CropDialog
        open={upload.mode === "CHANGE" || upload.mode === "EDIT"}
        label={label}
        ratio={ratio}
        round={ratio === 1 && preview !== "banner"}
        source={upload.source}
        crop={upload.crop}
        zoom={upload.zoom}
        area={upload.area}
        progress={upload.progress}
        busy={upload.busy}
        error={upload.dialogError}
        onClose={upload.close}
        onSave={() => void upload.save()}
        onCropChange={upload.setCrop}
        onZoomChange={upload.setZoom}
        onZoomBy={upload.zoomBy}
        onAreaChange={upload.setArea}
        onMediaLoaded={upload.clearDialogError}
      />
      <DeleteImageDialog open={upload.mode === "DELETE"} label={label} busy={upload.busy} error={upload.dialogError} onClose={upload.close} onDelete={() => void upload.remove()} />
    </div>
  );
}
