"use client";

import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/dialog";

/** Asks before deleting the image; shows why a delete failed. */
export function DeleteImageDialog({ open, label, busy, error, onClose, onDelete }: { open: boolean; label: string; busy: boolean; error: string | null; onClose: () => void; onDelete: () => void }) {
  return (
    <Modal
      open={open}
      onOpenChange={(next) => (!next ? onClose() : undefined)}
      title={`Delete your ${label}?`}
      description="The default image will show instead."
      size="sm"
      preventClose={busy}
      footer={
        <>
          <ModalClose>
            <Button variant="outline" disabled={busy}>
              Cancel
            </Button>
          </ModalClose>
          <Button variant="danger" onClick={onDelete} loading={busy}>
            Delete {label}
          </Button>
        </>
      }
    >
      {error ? (
        <p role="alert" className="rounded-control border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-900">
          {error}
        </p>
      ) : (
        <p className="text-ink-muted">Your {label} will be removed from Givebridge.</p>
      )}
    </Modal>
  );
}
