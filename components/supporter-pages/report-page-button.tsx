"use client";

import { Flag } from "lucide-react";
import dynamic from "next/dynamic";
import { useRef, useState } from "react";

const loadPanel = () => import("./report-page-panel");
const ReportPageDialog = dynamic(() => loadPanel().then((m) => m.ReportPageDialog), { ssr: false });

/**
 * "Report this page": a quiet link-styled button that opens a dialog asking what is wrong; the
 * report reaches the page's organization and the platform's admin. The dialog's code is
 * downloaded when the button is hovered, focused or pressed, not with the page.
 */
export function ReportPageButton({ pageId }: { pageId: string }) {
  const [open, setOpen] = useState(false);
  const [used, setUsed] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  return (
    <>
      <button
        ref={button}
        type="button"
        aria-haspopup="dialog"
        className="inline-flex min-h-11 items-center gap-1.5 text-sm text-ink-muted underline-offset-4 hover:text-ink hover:underline focus-visible:outline-3 focus-visible:outline-brand-500"
        onClick={() => {
          setUsed(true);
          setOpen(true);
        }}
        onPointerEnter={() => void loadPanel()}
        onFocus={() => void loadPanel()}
      >
        <Flag className="size-4" aria-hidden="true" />
        Report this page
      </button>
      {used ? <ReportPageDialog pageId={pageId} open={open} onOpenChange={setOpen} returnFocusTo={button} /> : null}
    </>
  );
}
