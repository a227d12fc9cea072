"use client";

/**
 * "Write to supporters": the organization writes one message (subject, body) to everyone
 * raising money on a page of one of its fundraisers, in a dialog (Radix: focus trapped, Escape
 * closes, focus returns). Checked with the shared supporterMessageSchema and sent with
 * POST /api/fundraisers/{campaignId}/supporter-messages; the answer's count of queued emails is
 * announced ("Your message is on its way to 3 supporters."). Each email carries its own
 * unsubscribe link; hidden pages and supporters who unsubscribed are left out by the server.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Mail } from "lucide-react";
import { useId, useRef, useState } from "react";
import { useForm } from "@/components/ui/use-form";
import { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/dialog";
import { TextAreaField, TextField } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { requestJson } from "@/lib/client/request";
import { messages } from "@/lib/validations/messages";
import { supporterMessageSchema } from "@/lib/validations/supporter-pages";

const m = messages.supporterPages;
const formSchema = supporterMessageSchema.extend({ campaignId: z.string().min(1, { error: messages.campaign.notFound }) });
type Values = { campaignId: string; subject: string; body: string };

/** The "Write to supporters" button, its dialog (fundraiser, subject, message) and the status message of how many emails were queued. */
export function MessageSupportersDialog({ fundraisers, defaultFundraiserId }: { fundraisers: { id: string; name: string }[]; defaultFundraiserId: string | null }) {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const [sent, setSent] = useState(false);
  const empty = (): Values => ({ campaignId: defaultFundraiserId ?? fundraisers[0]?.id ?? "", subject: "", body: "" });
  const {
    register,
    handleSubmit,
    reset,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(formSchema) as never, defaultValues: empty() });

  const onSubmit = handleSubmit(async ({ campaignId: fundraiserId, subject, body }) => {
    setError(null);
    const res = await requestJson<{ queued: number }>(`/api/fundraisers/${encodeURIComponent(fundraiserId)}/supporter-messages`, { method: "POST", body: { subject, body }, fallback: messages.generic.server });
    if (!res.ok) {
      let placed = false;
      for (const [key, message] of Object.entries(res.fields)) {
        if (key === "subject" || key === "body") {
          setFieldError(key, { message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setError(res.status === 0 ? messages.generic.server : res.message);
      return;
    }
    setSent(true);
    setOpen(false);
    setNotice((n) => ({ id: (n?.id ?? 0) + 1, text: m.messageSent(res.data.queued) }));
  });

  return (
    <div className="flex flex-col items-start gap-2 sm:items-end">
      <Modal
        open={open}
        onOpenChange={(next) => {
          if (isSubmitting) return;
          if (next) {
            setSent(false);
            setError(null);
            reset(empty());
          }
          setOpen(next);
        }}
        preventClose={isSubmitting}
        focusAfterClose={() => (sent ? noticeRef.current : null)}
        title="Write to supporters"
        description="One email to everyone raising money on a page of the fundraiser, from your organization. Each email has a link to unsubscribe."
        size="lg"
        trigger={
          <Button variant="primary" size="sm" leftIcon={<Mail className="size-4" aria-hidden="true" />} aria-haspopup="dialog">
            Write to supporters
          </Button>
        }
        footer={
          <>
            <ModalClose>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </ModalClose>
            <Button type="submit" form={formId} loading={isSubmitting} loadingLabel="Sending...">
              Send message
            </Button>
          </>
        }
      >
        <form id={formId} method="post" noValidate onSubmit={onSubmit} aria-label="Write to supporters" className="grid gap-4">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <Select label="Fundraiser" required error={errors.campaignId?.message} {...register("campaignId")}>
            {fundraisers.map((f) => (
              <option key={f.id} value={f.id}>
                {f.name}
              </option>
            ))}
          </Select>
          <TextField label="Subject" required maxLength={150} autoComplete="off" error={errors.subject?.message} {...register("subject")} />
          <TextAreaField label="Message" required rows={8} maxLength={5000} hint="Leave an empty line between paragraphs." error={errors.body?.message} {...register("body")} />
        </form>
      </Modal>
      <div aria-live="polite" role="status">
        {notice ? (
          <p key={notice.id} ref={noticeRef} tabIndex={-1} data-testid="supporter-message-notice" className="rounded-control border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-950 focus:outline-none">
            {notice.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
