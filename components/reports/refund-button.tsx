"use client";

/**
 * Refund of a completed donation from Manage Donations (spec section 2, Donations screen): a "Refund"
 * button opens a confirmation dialog (Radix: focus trapped, Escape closes); confirming posts
 * POST /api/donations/{id}/refund. The outcome is announced in the table's live region
 * (RefundNotices), which also takes the focus, and the report reloads with the new status and
 * totals. An error stays in the dialog.
 */
import { useRouter } from "next/navigation";
import { createContext, useContext, useRef, useState, type ReactNode } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/dialog";
import { messages } from "@/lib/validations/messages";
import { requestJson } from "@/lib/client/request";

type Notice = { id: number; text: string };
type Notices = {
  /** Show `text` in the live region. */
  announce: (text: string) => void;
  /** The message shown last, which takes the focus when the dialog closes. */
  noticeElement: () => HTMLElement | null;
};
const NoticeContext = createContext<Notices>({ announce: () => {}, noticeElement: () => null });

/** The live region of refund outcomes, around the donation table; keeps the message across the reload. */
export function RefundNotices({ children }: { children: ReactNode }) {
  const [notice, setNotice] = useState<Notice | null>(null);
  const ref = useRef<HTMLParagraphElement>(null);
  const notices: Notices = {
    announce: (text) => setNotice((n) => ({ id: (n?.id ?? 0) + 1, text })),
    noticeElement: () => ref.current,
  };
  return (
    <NoticeContext.Provider value={notices}>
      <div aria-live="polite" role="status">
        {notice ? (
          <p key={notice.id} ref={ref} tabIndex={-1} className="mb-3 rounded-control border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-950 focus:outline-none" data-testid="refund-notice">
            {notice.text}
          </p>
        ) : null}
      </div>
      {children}
    </NoticeContext.Provider>
  );
}

/** The Refund button of one completed donation: `amount` and `date` as the table shows them. */
export function RefundButton({ donationId, amount, date }: { donationId: string; amount: string; date: string }) {
  const router = useRouter();
  const { announce, noticeElement } = useContext(NoticeContext);
  // Set when the refund went through: the closing dialog then hands the focus to its notice.
  const refunded = useRef(false);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function refund() {
    setBusy(true);
    setError(null);
    const res = await requestJson<{ status: string }>(`/api/donations/${encodeURIComponent(donationId)}/refund`, { method: "POST", fallback: messages.refunds.providerFailed });
    setBusy(false);
    if (!res.ok) {
      // No answer at all is not the provider's refusal.
      setError(res.status === 0 ? messages.generic.server : res.message);
      return;
    }
    refunded.current = true;
    setOpen(false);
    announce(res.data.status === "refunded" ? messages.refunds.refunded(amount) : messages.refunds.requested(amount));
    router.refresh();
  }

  return (
    <Modal
      open={open}
      onOpenChange={(next) => {
        if (busy) return;
        setOpen(next);
        if (!next) setError(null);
      }}
      preventClose={busy}
      focusAfterClose={() => (refunded.current ? noticeElement() : null)}
      title="Refund this donation?"
      description={`${amount} of ${date} goes back to the donor through your payment provider. This cannot be undone.`}
      size="sm"
      trigger={
        <Button variant="outline" size="sm" aria-haspopup="dialog" aria-label={`Refund the ${amount} donation of ${date}`}>
          Refund
        </Button>
      }
      footer={
        <>
          <ModalClose>
            <Button variant="outline" disabled={busy}>
              Keep the donation
            </Button>
          </ModalClose>
          <Button variant="danger" onClick={refund} loading={busy} loadingLabel="Refunding...">
            Refund {amount}
          </Button>
        </>
      }
    >
      <p className="text-sm text-ink-muted">The fundraiser&apos;s progress and your totals go down by the same amount, and the donation shows as Refunded.</p>
      {error ? (
        <Alert variant="error" className="mt-4">
          {error}
        </Alert>
      ) : null}
    </Modal>
  );
}
