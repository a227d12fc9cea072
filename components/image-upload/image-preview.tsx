"use client";

import { useState } from "react";
import { DEFAULT_AVATAR, DEFAULT_ORG_LOGO, UserAvatar } from "@/components/layout/user-avatar";
import { cn } from "@/components/ui/cn";
import type { ImageField } from "@/lib/images/constants";

/**
 * The image as it shows now (a round avatar or a banner; the default image when `url` is
 * null), and a drop target for a new file: dropped files go to `onDropFiles`.
 */
export function ImagePreview({
  field,
  url,
  label,
  preview,
  previewSize,
  ratio,
  onDropFiles,
}: {
  field: ImageField;
  url: string | null;
  label: string;
  preview: "person" | "organization" | "banner";
  previewSize: number;
  ratio: number;
  onDropFiles: (files: FileList) => void;
}) {
  const [dragging, setDragging] = useState(false);
  const fallback = preview === "organization" ? DEFAULT_ORG_LOGO : DEFAULT_AVATAR;
  return (
    <div
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={(e) => {
        e.preventDefault();
        setDragging(false);
        onDropFiles(e.dataTransfer.files);
      }}
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
  );
}
