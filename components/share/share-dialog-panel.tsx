"use client";

import { Check, Link2, Mail } from "lucide-react";
import { useRef, useState, type ReactNode, type RefObject } from "react";
import { FacebookIcon, LinkedInIcon, XIcon } from "@/components/layout/social-icons";
import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/dialog";
import { shareTargets, type ShareTarget } from "./share-links";

const icons: Record<ShareTarget["key"], ReactNode> = {
  facebook: <FacebookIcon className="size-5" />,
  twitter: <XIcon className="size-5" />,
  linkedin: <LinkedInIcon className="size-5" />,
  email: <Mail className="size-5" aria-hidden="true" />,
};

export type ShareDialogProps = {
  /** The dialog's header, passed by the caller (spec: "titled by a passed header"). */
  title: string;
  /** Absolute URL of the page to share. */
  url: string;
  /** Text of the post or email subject; defaults to the title. */
  text?: string;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The button that opened the dialog: focus goes back to it on close. */
  returnFocusTo?: RefObject<HTMLElement | null>;
};

/**
 * The share dialog: Facebook, X (Twitter), LinkedIn, Email, Copy link and Cancel; hashtag
 * #Givebridge. Copy link confirms in a live region ("Link copied"); where the clipboard is
 * not available it selects the address for the visitor to copy. Loaded by ShareButton
 * (share-dialog.tsx) when it is first used; closing returns focus to that button.
 */
export function ShareDialog({ title, url, text, open, onOpenChange, returnFocusTo }: ShareDialogProps) {
  const targets = shareTargets(url, text ?? title);
  const [copyStatus, setCopyStatus] = useState<"idle" | "copied" | "manual">("idle");
  const address = useRef<HTMLInputElement>(null);
  async function copyLink() {
    try {
      await navigator.clipboard.writeText(url);
      setCopyStatus("copied");
    } catch {
      address.current?.select();
      setCopyStatus("manual");
    }
  }
  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (!next) setCopyStatus("idle");
        onOpenChange(next);
      }}
      returnFocusTo={returnFocusTo}
      title={title}
      size="sm"
      footer={
        <ModalClose>
          <Button variant="ghost">Cancel</Button>
        </ModalClose>
      }
    >
      <ul className="grid grid-cols-2 gap-3">
        {targets.map((t) => (
          <li key={t.key}>
            <a
              href={t.href}
              target={t.key === "email" ? undefined : "_blank"}
              rel="noopener noreferrer"
              className="flex h-12 items-center justify-center gap-2 rounded-control border border-slate-200 font-semibold text-ink hover:bg-brand-50 focus-visible:outline-3 focus-visible:outline-brand-500"
            >
              {icons[t.key]}
              {t.label}
            </a>
          </li>
        ))}
      </ul>
      <div className="mt-4 flex gap-2">
        <label htmlFor="share-address" className="sr-only">
          Link to share
        </label>
        <input
          ref={address}
          id="share-address"
          readOnly
          value={url}
          onFocus={(e) => e.currentTarget.select()}
          className="h-11 min-w-0 flex-1 rounded-control border border-slate-300 bg-slate-50 px-3 text-sm text-ink"
        />
        <Button variant="secondary" onClick={copyLink} leftIcon={copyStatus === "copied" ? <Check className="size-4" aria-hidden="true" /> : <Link2 className="size-4" aria-hidden="true" />}>
          Copy link
        </Button>
      </div>
      <p role="status" className="mt-2 min-h-5 text-center text-sm font-semibold text-brand-800">
        {copyStatus === "copied" ? "Link copied" : copyStatus === "manual" ? "Press Ctrl+C (or ⌘+C) to copy the selected link" : ""}
      </p>
      <p className="mt-2 text-center text-sm text-ink-muted">#Givebridge</p>
    </Modal>
  );
}

