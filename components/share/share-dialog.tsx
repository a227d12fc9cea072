"use client";

import { Share2 } from "lucide-react";
import dynamic from "next/dynamic";
import { useRef, useState } from "react";
import { Button, type ButtonSize, type ButtonVariant } from "@/components/ui/button";
import type { ShareDialogProps } from "./share-dialog-panel";

const loadDialog = () => import("./share-dialog-panel");
const ShareDialog = dynamic(() => loadDialog().then((m) => m.ShareDialog), { ssr: false });

export type { ShareDialogProps };

export type ShareButtonProps = Omit<ShareDialogProps, "open" | "onOpenChange"> & {
  /** Visible label (default "Share"); with `iconOnly` it becomes the accessible name. */
  label?: string;
  iconOnly?: boolean;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
  /** Open at once (e.g. ?share=1). */
  defaultOpen?: boolean;
};

/**
 * A Share button (or share icon) that opens the share dialog. The dialog's code (Radix Dialog)
 * is downloaded when the button is hovered, focused or pressed, not with the page.
 */
export function ShareButton({ label = "Share", iconOnly, variant = "outline", size = "lg", className, defaultOpen = false, ...dialog }: ShareButtonProps) {
  const [open, setOpen] = useState(defaultOpen);
  // Rendered from the first opening on, so that closing still plays the dialog's exit.
  const [used, setUsed] = useState(defaultOpen);
  const button = useRef<HTMLButtonElement>(null);
  const trigger = {
    ref: button,
    className,
    onClick: () => {
      setUsed(true);
      setOpen(true);
    },
    onPointerEnter: () => void loadDialog(),
    onFocus: () => void loadDialog(),
  };
  return (
    <>
      {iconOnly ? (
        <Button variant="ghost" size="icon" aria-label={label} aria-haspopup="dialog" {...trigger}>
          <Share2 className="size-5" aria-hidden="true" />
        </Button>
      ) : (
        <Button variant={variant} size={size} aria-haspopup="dialog" leftIcon={<Share2 className="size-4" aria-hidden="true" />} {...trigger}>
          {label}
        </Button>
      )}
      {used ? <ShareDialog {...dialog} open={open} onOpenChange={setOpen} returnFocusTo={button} /> : null}
    </>
  );
}
