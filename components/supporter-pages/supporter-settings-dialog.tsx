"use client";

/**
 * A fundraiser's peer-to-peer options, set by its organization in a dialog (Radix: focus
 * trapped, Escape closes, focus returns): supporter pages on or off, approval of new pages,
 * teams, the goal (dollars) and story a new page starts with. One form (react-hook-form with the
 * shared supporterSettingsSchema, lib/validations/supporter-pages.ts), saved with
 * PUT /api/fundraisers/{campaignId}/supporter-settings; the server's per-field messages go under
 * the fields. On success the dialog closes, a status message says so and the view reloads.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { Settings } from "lucide-react";
import { useRouter } from "next/navigation";
import { useId, useRef, useState } from "react";
import { useForm } from "@/components/ui/use-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Modal, ModalClose } from "@/components/ui/dialog";
import { TextAreaField, TextField } from "@/components/ui/input";
import { requestJson } from "@/lib/client/request";
import { centsToDecimalString } from "@/lib/money";
import type { OrganizationSupporterFundraiser } from "@/lib/services/supporter-pages/manage-supporter-pages";
import { messages } from "@/lib/validations/messages";
import { SUPPORTER_STORY_MAX, supporterSettingsSchema } from "@/lib/validations/supporter-pages";

const m = messages.supporterPages;

type Values = { enabled: boolean; needApproval: boolean; teamsAllowed: boolean; suggestedGoal: string; story: string };
const FIELDS = ["enabled", "needApproval", "teamsAllowed", "suggestedGoal", "story"] as const;

const valuesOf = (f: OrganizationSupporterFundraiser): Values => ({
  enabled: f.enabled,
  needApproval: f.needApproval,
  teamsAllowed: f.teamsAllowed,
  suggestedGoal: f.suggestedGoalCents === null ? "" : centsToDecimalString(f.suggestedGoalCents),
  story: f.story,
});

/** A fundraiser's "Settings" button, its settings dialog and the status message once saved. */
export function SupporterSettingsDialog({ fundraiser }: { fundraiser: OrganizationSupporterFundraiser }) {
  const router = useRouter();
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ id: number; text: string } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<Values>({ resolver: zodResolver(supporterSettingsSchema) as never, defaultValues: valuesOf(fundraiser) });

  const onSubmit = handleSubmit(async () => {
    setError(null);
    // The server takes the suggested goal in dollars, as typed; the resolver has checked it.
    const res = await requestJson(`/api/fundraisers/${encodeURIComponent(fundraiser.id)}/supporter-settings`, { method: "PUT", body: getValues(), fallback: messages.generic.server });
    if (!res.ok) {
      let placed = false;
      for (const [key, message] of Object.entries(res.fields)) {
        if ((FIELDS as readonly string[]).includes(key)) {
          setFieldError(key as (typeof FIELDS)[number], { message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setError(res.status === 0 ? messages.generic.server : res.message);
      return;
    }
    setSaved(true);
    setOpen(false);
    setNotice((n) => ({ id: (n?.id ?? 0) + 1, text: m.settingsSaved }));
    router.refresh();
  });

  return (
    <div className="flex flex-col items-start gap-2">
      <Modal
        open={open}
        onOpenChange={(next) => {
          if (isSubmitting) return;
          if (next) {
            setSaved(false);
            setError(null);
            reset(valuesOf(fundraiser));
          }
          setOpen(next);
        }}
        preventClose={isSubmitting}
        focusAfterClose={() => (saved ? noticeRef.current : null)}
        title={`Supporter pages for “${fundraiser.name}”`}
        description="Let supporters start their own fundraising page for this fundraiser. Every gift goes to your organization."
        size="lg"
        trigger={
          <Button variant="outline" size="sm" leftIcon={<Settings className="size-4" aria-hidden="true" />} aria-haspopup="dialog" aria-label={`Supporter page settings of “${fundraiser.name}”`}>
            Settings
          </Button>
        }
        footer={
          <>
            <ModalClose>
              <Button variant="outline" disabled={isSubmitting}>
                Cancel
              </Button>
            </ModalClose>
            <Button type="submit" form={formId} loading={isSubmitting} loadingLabel="Saving...">
              Save settings
            </Button>
          </>
        }
      >
        <form id={formId} method="post" noValidate onSubmit={onSubmit} aria-label="Supporter page settings" className="grid gap-4">
          {error ? <Alert variant="error">{error}</Alert> : null}
          <Checkbox role="switch" label="Supporters can start pages" description="Turning this off keeps the pages already made and their gifts; no new page can be started." error={errors.enabled?.message} {...register("enabled")} />
          <Checkbox role="switch" label="Approve new pages first" description="A new page stays private until you approve it." error={errors.needApproval?.message} {...register("needApproval")} />
          <Checkbox role="switch" label="Allow teams" description="Supporters can start a team or join one." error={errors.teamsAllowed?.message} {...register("teamsAllowed")} />
          <TextField label="Suggested goal (USD)" hint="A new page starts with this goal; leave empty for none." inputMode="decimal" autoComplete="off" error={errors.suggestedGoal?.message} {...register("suggestedGoal")} />
          <TextAreaField label="Suggested story" hint="A new page starts with this story; the supporter can change it." rows={5} maxLength={SUPPORTER_STORY_MAX} error={errors.story?.message} {...register("story")} />
        </form>
      </Modal>
      <div aria-live="polite" role="status">
        {notice ? (
          <p key={notice.id} ref={noticeRef} tabIndex={-1} className="rounded-control border border-emerald-200 bg-emerald-50 px-3 py-2 text-sm text-emerald-950 focus:outline-none">
            {notice.text}
          </p>
        ) : null}
      </div>
    </div>
  );
}
