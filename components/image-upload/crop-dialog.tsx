"use client";

import { Minus, Plus } from "lucide-react";
import { useId, type KeyboardEvent } from "react";
import Cropper, { type Area, type Point } from "react-easy-crop";
import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/dialog";
import { ProgressBar } from "@/components/ui/progress-bar";
import { ZOOM_MAX, ZOOM_MIN, ZOOM_STEP, type CropSource } from "./use-image-upload";

/**
 * The crop dialog: drag or arrow keys move the image; the slider, the buttons, the wheel or
 * the +/- keys zoom. Shows the upload's progress and the reason a save failed.
 */
export function CropDialog({
  open,
  label,
  ratio,
  round,
  source,
  crop,
  zoom,
  area,
  progress,
  busy,
  error,
  onClose,
  onSave,
  onCropChange,
  onZoomChange,
  onZoomBy,
  onAreaChange,
  onMediaLoaded,
}: {
  open: boolean;
  label: string;
  ratio: number;
  /** A round crop (square photos and logos). */
  round: boolean;
  source: CropSource | null;
  crop: Point;
  zoom: number;
  area: Area | null;
  /** Upload progress in percent; null while not uploading. */
  progress: number | null;
  busy: boolean;
  error: string | null;
  onClose: () => void;
  onSave: () => void;
  onCropChange: (crop: Point) => void;
  onZoomChange: (zoom: number) => void;
  onZoomBy: (step: number) => void;
  onAreaChange: (pixels: Area) => void;
  onMediaLoaded: () => void;
}) {
  const ids = useId();
  const hint = `${ids}-hint`;

  const onCropKeys = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key === "+" || e.key === "=") {
      e.preventDefault();
      onZoomBy(ZOOM_STEP);
    } else if (e.key === "-" || e.key === "_") {
      e.preventDefault();
      onZoomBy(-ZOOM_STEP);
    }
  };

  return (
    <Modal
      open={open}
      onOpenChange={(next) => (!next ? onClose() : undefined)}
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
          <Button onClick={onSave} loading={busy} disabled={!area || busy}>
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
              cropShape={round ? "round" : "rect"}
              showGrid
              onCropChange={onCropChange}
              onZoomChange={onZoomChange}
              onCropComplete={(_, pixels) => onAreaChange(pixels)}
              onMediaLoaded={onMediaLoaded}
              mediaProps={{ alt: `Your new ${label}`, crossOrigin: "anonymous" } as React.ImgHTMLAttributes<HTMLElement>}
              cropperProps={{ "aria-label": `Crop area: arrow keys move the image, + and - zoom`, "aria-describedby": hint }}
              keyboardStep={10}
            />
          </div>
          <p id={hint} className="sr-only">
            Arrow keys move the image inside the crop area. Plus and minus zoom in and out.
          </p>
          <div className="flex items-center gap-3">
            <Button size="icon" variant="ghost" aria-label="Zoom out" onClick={() => onZoomBy(-ZOOM_STEP)} disabled={busy}>
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
              onChange={(e) => onZoomChange(Number(e.currentTarget.value))}
              className="h-2 flex-1 cursor-pointer accent-brand-700"
              disabled={busy}
            />
            <Button size="icon" variant="ghost" aria-label="Zoom in" onClick={() => onZoomBy(ZOOM_STEP)} disabled={busy}>
              <Plus className="size-5" aria-hidden="true" />
            </Button>
          </div>
          {progress !== null ? <ProgressBar value={progress} max={100} label={`Uploading your ${label}`} showPercent /> : null}
          {error ? (
            <p role="alert" className="rounded-control border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
              {error}
            </p>
          ) : null}
        </div>
      ) : null}
    </Modal>
  );
}
