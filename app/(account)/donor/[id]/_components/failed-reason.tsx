"use client";

import { useState } from "react";
import { Modal } from "@/components/ui/dialog";

/** Spec 4: a failed gift shows "Failed", clickable to show the reason in a popup. */
export function FailedReason({ reason }: { reason: string | null }) {
  const [open, setOpen] = useState(false);
  return (
    <Modal
      open={open}
      onOpenChange={setOpen}
      title="Why this gift failed"
      size="sm"
      trigger={
        <button type="button" className="font-semibold text-red-700 underline decoration-dotted">
          Failed
        </button>
      }
    >
      <p>{reason || "The payment was not completed."}</p>
    </Modal>
  );
}
