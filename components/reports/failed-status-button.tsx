"use client";

/** Spec section 4: a failed donation's status is "Failed", clickable to show the reason in a popup. */
import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/dialog";

export function FailedStatusButton({ reason, date, amount }: { reason: string | null; date: string; amount: string }) {
  return (
    <Modal
      title="Why this donation failed"
      size="sm"
      trigger={
        <Button variant="link" className="font-semibold text-red-700!" aria-haspopup="dialog" aria-label={`Failed: show the reason for the ${amount} donation of ${date}`}>
          Failed
        </Button>
      }
      footer={
        <ModalClose>
          <Button variant="outline">Close</Button>
        </ModalClose>
      }
    >
      <p className="text-sm text-ink-muted">
        {amount} on {date}
      </p>
      <p className="mt-2 text-ink">{reason?.trim() ? reason : "The payment provider did not give a reason."}</p>
    </Modal>
  );
}
