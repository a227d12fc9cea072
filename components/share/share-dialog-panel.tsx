"use client";

import { Mail } from "lucide-react";
import type { ReactNode } from "react";
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
};

/**
 * The share dialog: Facebook, X (Twitter), LinkedIn, Email and Cancel; hashtag #Givebridge.
 * Loaded by ShareButton (share-dialog.tsx) when it is first used.
 */
export function ShareDialog({ title, url, text, open, onOpenChange }: ShareDialogProps) {
  const targets = shareTargets(url, text ?? title);
  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
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
      <p className="mt-4 text-center text-sm text-ink-muted">#Givebridge</p>
    </Modal>
  );
}

