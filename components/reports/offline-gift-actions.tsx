"use client";

/**
 * The actions of a gift the organization recorded offline, in the Manage Donations table, in
 * place of Refund (no money moved through a provider): its PDF receipt, to hand to the donor
 * (GET /api/receipts/{id}), and Delete, confirmed in a dialog (DELETE /api/offline-gifts/{id});
 * the fundraiser's progress and the totals go back and the report reloads. An error stays in
 * the dialog.
 */
import { FileText } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button, buttonClasses } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/dialog";
import { requestJson } from "@/lib/client/request";
import { messages } from "@/lib/validations/messages";

/** `amount` and `date` as the table shows them. */
export function OfflineGiftActions({ donationId, amount, date, paymentType }: { donationId: string; amount: string; date: string; paymentType: string }) {
  const router = useRouter();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function remove() {
    setBusy(true);
    setError(null);
    const res = await requestJson<{ id: string }>(`/api/offline-gifts/${encodeURIComponent(donationId)}`, { method: "DELETE", fallback: messages.offlineGifts.saveFailed });
    setBusy(false);
    if (!res.ok) {
      setError(res.status === 0 ? messages.generic.server : res.message);
      return;
    }
    setOpen(false);
    router.refresh();
  }

  const what = `${paymentType} gift of ${amount} received ${date}`;
  return (
    <span className="inline-flex flex-wrap justify-end gap-2">
      <a href={`/api/receipts/${encodeURIComponent(donationId)}`} download className={buttonClasses({ variant: "ghost", size: "sm" })} aria-label={`Receipt of the ${what}`}>
        <FileText className="size-4" aria-hidden="true" />
        Receipt
      </a>
      <Modal
        open={open}
        onOpenChange={(next) => {
          if (busy) return;
          setOpen(next);
          if (!next) setError(null);
        }}
        preventClose={busy}
        title="Delete this offline gift?"
        description={`The ${what} is removed from your report, and its fundraiser's progress goes down by the same amount.`}
        size="sm"
        trigger={
          <Button variant="outline" size="sm" aria-haspopup="dialog" aria-label={`Delete the ${what}`}>
            Delete
          </Button>
        }
        footer={
          <>
            <ModalClose>
              <Button variant="outline" disabled={busy}>
                Keep the gift
              </Button>
            </ModalClose>
            <Button variant="danger" onClick={remove} loading={busy} loadingLabel="Deleting...">
              Delete gift
            </Button>
          </>
        }
      >
        {error ? <Alert variant="error">{error}</Alert> : <p className="text-sm text-ink-muted">This cannot be undone; you can record the gift again.</p>}
      </Modal>
    </span>
  );
}
