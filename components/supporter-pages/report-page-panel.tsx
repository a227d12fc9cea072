"use client";

import { useState, type RefObject } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal } from "@/components/ui/dialog";
import { TextAreaField } from "@/components/ui/input";
import { requestJson } from "@/lib/client/request";
import { messages } from "@/lib/validations/messages";

/**
 * The "Report this page" dialog: the visitor says what is wrong (1 to 1,000 characters) and the
 * report is sent to POST /api/supporter-pages/{id}/report; the server's message is shown.
 */
export function ReportPageDialog({ pageId, open, onOpenChange, returnFocusTo }: { pageId: string; open: boolean; onOpenChange: (open: boolean) => void; returnFocusTo: RefObject<HTMLElement | null> }) {
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState<string | null>(null);
  const [sending, setSending] = useState(false);

  async function send() {
    setError(null);
    if (!reason.trim()) return setError(messages.supporterPages.reportReasonRequired);
    setSending(true);
    const res = await requestJson<{ message?: string }>(`/api/supporter-pages/${encodeURIComponent(pageId)}/report`, { method: "POST", body: { reason } });
    setSending(false);
    if (!res.ok) return setError(res.fields.reason ?? res.message);
    setSent(res.data.message ?? messages.supporterPages.reported);
  }

  return (
    <Modal
      open={open}
      onOpenChange={onOpenChange}
      returnFocusTo={returnFocusTo}
      title="Report this page"
      description="Tell the organization and our team what is wrong with this fundraising page."
      preventClose={sending}
      footer={
        sent ? (
          <Button onClick={() => onOpenChange(false)}>Close</Button>
        ) : (
          <>
            <Button variant="outline" onClick={() => onOpenChange(false)} disabled={sending}>
              Cancel
            </Button>
            <Button onClick={() => void send()} loading={sending} loadingLabel="Sending...">
              Send report
            </Button>
          </>
        )
      }
    >
      {sent ? (
        <Alert variant="success">{sent}</Alert>
      ) : (
        <TextAreaField label="What is wrong?" rows={4} maxLength={1000} value={reason} onChange={(e) => setReason(e.target.value)} error={error ?? undefined} />
      )}
    </Modal>
  );
}
