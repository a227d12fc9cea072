"use client";
/**
 * The organization's thank-you emails (Manage Donations → Thank-you emails): the master switch,
 * one tab per variant (enabled, subject, body), the merge fields, a live preview rendered with
 * the same function the server's mail uses (lib/validations/thank-you.ts, renderMergeFields)
 * and a sample donor, "Send a test to me" (POST /api/thank-you-templates/test, to the member's
 * own email) and Save (PUT /api/thank-you-templates). One zod schema validates here and on the
 * server; a refused save shows the server's messages on their fields.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { useRef, useState, type KeyboardEvent } from "react";
import { useWatch, type FieldPath } from "react-hook-form";
import { useForm } from "@/components/ui/use-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { cn } from "@/components/ui/cn";
import { TextAreaField, TextField } from "@/components/ui/input";
import { requestJson } from "@/lib/client/request";
import { messages } from "@/lib/validations/messages";
import {
  BODY_MAX,
  MERGE_FIELDS,
  MERGE_FIELD_HELP,
  SAMPLE_MERGE_VALUES,
  SUBJECT_MAX,
  THANK_YOU_VARIANT_LABELS,
  renderMergeFields,
  thankYouSettingsSchema,
  type ThankYouSettingsInput,
  type ThankYouVariant,
} from "@/lib/validations/thank-you";

/** The tabs, in the order an organization thinks of them (the precedence is explained in the hints). */
const TABS: ThankYouVariant[] = ["default", "first", "monthly", "tribute"];

type Notice = { ok: boolean; message: string };

export function ThankYouEditor({ initial, organizationName, today }: { initial: ThankYouSettingsInput; organizationName: string; today: string }) {
  const [tab, setTab] = useState<ThankYouVariant>("default");
  const [saving, setSaving] = useState(false);
  const [testing, setTesting] = useState(false);
  const [notice, setNotice] = useState<Notice | null>(null);
  const tabRefs = useRef<Record<string, HTMLButtonElement | null>>({});
  const {
    register,
    handleSubmit,
    control,
    setError,
    reset,
    trigger,
    getValues,
    formState: { errors },
  } = useForm<ThankYouSettingsInput>({ resolver: zodResolver(thankYouSettingsSchema) as never, defaultValues: initial });
  const draft = useWatch({ control, name: `templates.${tab}` });
  const masterOn = useWatch({ control, name: "enabled" });
  const sample = { ...SAMPLE_MERGE_VALUES, organization: organizationName, date: today };

  function showServerFields(fields: Record<string, string>) {
    for (const [path, message] of Object.entries(fields)) setError(path as FieldPath<ThankYouSettingsInput>, { type: "server", message });
  }

  async function save(values: ThankYouSettingsInput) {
    setSaving(true);
    setNotice(null);
    const res = await requestJson<ThankYouSettingsInput>("/api/thank-you-templates", { method: "PUT", body: values, fallback: messages.thankYou.saveFailed });
    setSaving(false);
    if (res.ok) {
      reset(res.data);
      setNotice({ ok: true, message: messages.thankYou.saved });
    } else {
      showServerFields(res.fields);
      setNotice({ ok: false, message: res.message });
    }
  }

  /** A save refused by the form: open the first tab with a problem. */
  function onInvalid() {
    const bad = TABS.find((v) => errors.templates?.[v]);
    if (bad) setTab(bad);
  }

  async function sendTest() {
    const ok = await trigger([`templates.${tab}.subject`, `templates.${tab}.body`]);
    if (!ok) return;
    setTesting(true);
    setNotice(null);
    const { subject, body } = getValues(`templates.${tab}`);
    const res = await requestJson<{ sentTo: string }>("/api/thank-you-templates/test", { method: "POST", body: { variant: tab, subject, body }, fallback: messages.thankYou.testFailed });
    setTesting(false);
    if (res.ok) setNotice({ ok: true, message: messages.thankYou.testSent.replace("{{email}}", res.data.sentTo) });
    else {
      const fields = Object.fromEntries(Object.entries(res.fields).map(([k, v]) => [`templates.${tab}.${k}`, v]));
      showServerFields(fields);
      setNotice({ ok: false, message: res.message });
    }
  }

  function onTabKey(e: KeyboardEvent<HTMLButtonElement>) {
    const i = TABS.indexOf(tab);
    const next = e.key === "ArrowRight" ? TABS[(i + 1) % TABS.length] : e.key === "ArrowLeft" ? TABS[(i - 1 + TABS.length) % TABS.length] : e.key === "Home" ? TABS[0] : e.key === "End" ? TABS[TABS.length - 1] : null;
    if (!next) return;
    e.preventDefault();
    setTab(next);
    tabRefs.current[next]?.focus();
  }

  const previewSubject = renderMergeFields(draft?.subject ?? "", sample);
  const previewBody = renderMergeFields(draft?.body ?? "", sample);

  return (
    <form method="post" onSubmit={handleSubmit(save, onInvalid)} noValidate className="space-y-6">
      <Checkbox
        label="Send thank-you emails"
        description="When on, each donor who gave an email gets your thank-you after their gift, from your organization's name. Your receipt from Givebridge is sent either way."
        {...register("enabled")}
      />

      <div className={cn(!masterOn && "opacity-70")}>
        <div role="tablist" aria-label="Thank-you emails" className="-mb-px flex gap-1 overflow-x-auto border-b border-slate-200">
          {TABS.map((v) => {
            const hasError = Boolean(errors.templates?.[v]);
            return (
              <button
                key={v}
                ref={(el) => {
                  tabRefs.current[v] = el;
                }}
                type="button"
                role="tab"
                id={`thank-you-tab-${v}`}
                aria-selected={tab === v}
                aria-controls={`thank-you-panel-${v}`}
                tabIndex={tab === v ? 0 : -1}
                onClick={() => setTab(v)}
                onKeyDown={onTabKey}
                className={cn(
                  "inline-flex h-11 items-center border-b-2 px-3 text-sm font-semibold whitespace-nowrap focus-visible:outline-2 focus-visible:outline-brand-700",
                  tab === v ? "border-brand-700 text-brand-800" : "border-transparent text-ink-muted hover:text-ink",
                  hasError && "text-red-700",
                )}
              >
                {THANK_YOU_VARIANT_LABELS[v].label}
                {hasError ? <span className="sr-only"> (has errors)</span> : null}
              </button>
            );
          })}
        </div>

        <div className="mt-5 grid gap-6 lg:grid-cols-2">
          <div>
            {TABS.map((v) => (
              <div key={v} role="tabpanel" id={`thank-you-panel-${v}`} aria-labelledby={`thank-you-tab-${v}`} hidden={tab !== v} className="space-y-4">
                <p className="text-sm text-ink-muted">{THANK_YOU_VARIANT_LABELS[v].hint}</p>
                <Checkbox label={`Send the "${THANK_YOU_VARIANT_LABELS[v].label}" email`} description="When off, gifts this email applies to get no thank-you." {...register(`templates.${v}.enabled`)} />
                <TextField label="Subject" maxLength={SUBJECT_MAX} autoComplete="off" error={errors.templates?.[v]?.subject?.message} {...register(`templates.${v}.subject`)} />
                <TextAreaField
                  label="Message"
                  rows={10}
                  maxLength={BODY_MAX}
                  hint="Plain text. Leave a blank line between paragraphs."
                  error={errors.templates?.[v]?.body?.message}
                  {...register(`templates.${v}.body`)}
                />
              </div>
            ))}

            <details className="mt-4 rounded-control border border-slate-200 p-3 text-sm">
              <summary className="cursor-pointer font-semibold">Merge fields</summary>
              <dl className="mt-3 space-y-2">
                {MERGE_FIELDS.map((f) => (
                  <div key={f}>
                    <dt>
                      <code className="rounded bg-slate-100 px-1 py-0.5">{`{{${f}}}`}</code>
                    </dt>
                    <dd className="text-ink-muted">{MERGE_FIELD_HELP[f]}</dd>
                  </div>
                ))}
              </dl>
              <p className="mt-3 text-ink-muted">A donor&apos;s email, phone, location and your private notes and tags are never available in a thank-you.</p>
            </details>
          </div>

          <section aria-labelledby="thank-you-preview-title" className="min-w-0">
            <h2 id="thank-you-preview-title" className="text-base font-bold">
              Preview
            </h2>
            <p className="text-sm text-ink-muted">With a sample donor, Jordan Rivera, who shared their name.</p>
            <div className="mt-3 rounded-card border border-slate-200 bg-white p-4 shadow-sm" data-testid="thank-you-preview">
              <p className="text-xs text-ink-muted">From: {organizationName} via Givebridge</p>
              <p className="mt-1 font-semibold break-words">{previewSubject || "(no subject)"}</p>
              <div className="mt-3 space-y-3 text-sm break-words whitespace-pre-line">
                {previewBody
                  .split(/\n\s*\n/)
                  .filter((p) => p.trim())
                  .map((p, i) => (
                    <p key={i}>{p}</p>
                  ))}
              </div>
            </div>
          </section>
        </div>
      </div>

      <div className="flex flex-wrap items-center gap-3">
        <Button type="submit" loading={saving} loadingLabel="Saving...">
          Save thank-you emails
        </Button>
        <Button type="button" variant="outline" onClick={sendTest} loading={testing} loadingLabel="Sending...">
          Send a test to me
        </Button>
      </div>
      {notice ? <Alert variant={notice.ok ? "success" : "error"}>{notice.message}</Alert> : null}
    </form>
  );
}
