"use client";

import { useState } from "react";
import { cn } from "@/components/ui/cn";

export const DEFAULT_AVATAR = "/images/default-avatar.svg";
export const DEFAULT_ORG_LOGO = "/images/default-org-logo.svg";

export type UserAvatarProps = {
  /** The donor's photo or the organization's logo; null/empty shows the default image. */
  src?: string | null;
  /** Which default to use when there is no image or it fails to load. */
  kind?: "person" | "organization";
  /** Alternative text; "" (default) when a visible name sits next to it. */
  alt?: string;
  /** Pixel size of the square. */
  size?: number;
  className?: string;
};

/** A round profile image that falls back to the default when missing or broken. */
export function UserAvatar({ src, kind = "person", alt = "", size = 36, className }: UserAvatarProps) {
  const fallback = kind === "organization" ? DEFAULT_ORG_LOGO : DEFAULT_AVATAR;
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  const wanted = src && src.trim() !== "" ? src : null;
  const shown = wanted && failedSrc !== wanted ? wanted : fallback;
  return (
    // A plain <img>: profile images come from any configured storage host, and this is tiny.
    // eslint-disable-next-line @next/next/no-img-element -- images come from any configured storage host
    <img
      src={shown}
      alt={alt}
      width={size}
      height={size}
      // An image that failed before hydration never fires onError; check it when mounted.
      ref={(img) => {
        if (img && wanted && shown === wanted && img.complete && img.naturalWidth === 0 && !/\.svg(\?|$)/i.test(wanted)) {
          setFailedSrc(wanted);
        }
      }}
      onError={() => {
        if (wanted && shown === wanted) setFailedSrc(wanted);
      }}
      className={cn(
        "shrink-0 rounded-full bg-brand-50 ring-1 ring-black/5",
        kind === "organization" ? "object-contain" : "object-cover",
        className,
      )}
      style={{ width: size, height: size }}
    />
  );
}
