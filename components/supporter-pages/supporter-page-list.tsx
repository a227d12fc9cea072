"use client";

/**
 * The organization's supporter pages on Manage Donations: a table from the md breakpoint, cards
 * on phones (nothing scrolls sideways at 360 px). Each page shows its fundraiser, team,
 * supporter (the email only when the supporter agreed to share it), raised of goal, gifts and
 * state, with the moves its state allows (lib/services/supporter-pages/supporter-pages.ts
 * TRANSITIONS: approve a page waiting for approval, hide, unhide, close), "Edit" (title, story,
 * goal in a dialog, PUT /api/supporter-pages/{id}) and "Delete" (after a confirm dialog; its
 * gifts stay with the fundraiser and its team). The outcome is announced in a status message
 * that takes the focus, and the page's data reloads.
 */
import { zodResolver } from "@hookform/resolvers/zod";
import { ExternalLink } from "lucide-react";
import { useRouter } from "next/navigation";
import { useEffect, useId, useRef, useState } from "react";
import { useForm } from "@/components/ui/use-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/dialog";
import { TextAreaField, TextField } from "@/components/ui/input";
import { requestJson } from "@/lib/client/request";
import { supporterPageStatusLabel, type SupporterPageStatusValue } from "@/lib/donations/supporter-page-labels";
import { centsToDecimalString, formatCents } from "@/lib/money";
import type { OrganizationSupporterPage } from "@/lib/services/supporter-pages/manage-supporter-pages";
import { messages } from "@/lib/validations/messages";
import { SUPPORTER_STORY_MAX, SUPPORTER_TITLE_MAX, updateSupporterPageSchema } from "@/lib/validations/supporter-pages";

const m = messages.supporterPages;

type Action = "approve" | "hide" | "unhide" | "close";
const ACTION_LABELS: Record<Action, string> = { approve: "Approve", hide: "Hide", unhide: "Unhide", close: "Close" };
/** What the organization may do to a page in each state (the service decides again). */
const ACTIONS_BY_STATUS: Record<SupporterPageStatusValue, Action[]> = {
  pending: ["approve", "hide", "close"],
  active: ["hide", "close"],
  paused: ["hide", "close"],
  closed: ["hide"],
  hidden: ["unhide"],
};
const STATUS_AFTER: Record<Action, SupporterPageStatusValue> = { approve: "active", hide: "hidden", unhide: "active", close: "closed" };

const BADGE: Record<SupporterPageStatusValue, string> = {
  pending: "bg-amber-50 text-amber-900 ring-amber-200",
  active: "bg-emerald-50 text-emerald-800 ring-emerald-200",
  paused: "bg-slate-100 text-slate-700 ring-slate-200",
  closed: "bg-slate-100 text-slate-700 ring-slate-200",
  hidden: "bg-red-50 text-red-800 ring-red-200",
};

/** A page's or team's state as a small coloured label ("Waiting for approval", "Hidden"...). */
export function SupporterStatusBadge({ status }: { status: SupporterPageStatusValue }) {
  return <span className={`inline-block rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${BADGE[status]}`}>{supporterPageStatusLabel(status)}</span>;
}

type EditValues = { title: string; story: string; goal: string };

/** The pages as a table (md and up) or cards (phones), with their moves, edit and delete dialogs and the outcome's status message. */
export function SupporterPageList({ pages, caption }: { pages: OrganizationSupporterPage[]; caption: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ id: number; text: string; error: boolean } | null>(null);
  const noticeRef = useRef<HTMLParagraphElement>(null);
  const [editing, setEditing] = useState<OrganizationSupporterPage | null>(null);
  const [deleting, setDeleting] = useState<OrganizationSupporterPage | null>(null);
  const done = useRef(false);

  function announce(text: string, error = false) {
    setNotice((n) => ({ id: (n?.id ?? 0) + 1, text, error }));
  }
  // A new outcome takes the focus: the button that was pressed may be gone (a page approved
  // has no "Approve"), and keyboard users hear the message.
  useEffect(() => {
    if (notice) noticeRef.current?.focus();
  }, [notice]);

  async function act(page: OrganizationSupporterPage, action: Action) {
    setBusy(`${page.id}:${action}`);
    const res = await requestJson(`/api/supporter-pages/${encodeURIComponent(page.id)}/status`, { method: "POST", body: { action }, fallback: m.actionFailed });
    setBusy(null);
    if (!res.ok) return announce(res.status === 0 ? m.actionFailed : res.message, true);
    announce(m.statusChanged(supporterPageStatusLabel(STATUS_AFTER[action])));
    router.refresh();
  }

  function actionButtons(page: OrganizationSupporterPage) {
    return (
      <div className="flex flex-wrap gap-2">
        {ACTIONS_BY_STATUS[page.status].map((action) => (
          <Button
            key={action}
            size="sm"
            variant={action === "approve" ? "primary" : "outline"}
            aria-label={`${ACTION_LABELS[action]} the page “${page.title}”`}
            loading={busy === `${page.id}:${action}`}
            loadingLabel="Saving..."
            disabled={busy !== null}
            onClick={() => void act(page, action)}
          >
            {ACTION_LABELS[action]}
          </Button>
        ))}
        <Button size="sm" variant="outline" aria-haspopup="dialog" aria-label={`Edit the page “${page.title}”`} disabled={busy !== null} onClick={() => {
            done.current = false;
            setEditing(page);
          }}>
          Edit
        </Button>
        <Button size="sm" variant="ghost" className="text-red-700" aria-haspopup="dialog" aria-label={`Delete the page “${page.title}”`} disabled={busy !== null} onClick={() => {
            done.current = false;
            setDeleting(page);
          }}>
          Delete
        </Button>
      </div>
    );
  }

  const supporter = (p: OrganizationSupporterPage) => (
    <>
      <span className="block">{p.supporterName ?? <span className="text-ink-muted italic">Account deleted</span>}</span>
      <span className="block text-xs break-all text-ink-muted">{p.supporterEmail ?? <span className="italic">Email not shared</span>}</span>
    </>
  );
  const title = (p: OrganizationSupporterPage) => (
    <a href={p.path} target="_blank" rel="noopener noreferrer" className="inline-flex items-center gap-1 font-semibold break-words text-brand-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-brand-700">
      {p.title}
      <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
      <span className="sr-only">(opens in a new tab)</span>
    </a>
  );
  const raised = (p: OrganizationSupporterPage) => (
    <>
      <span className="font-semibold tabular-nums">{formatCents(p.raisedCents)}</span>
      <span className="text-ink-muted"> of {formatCents(p.goalCents)}</span>
    </>
  );

  return (
    <>
      <div aria-live="polite" role="status">
        {notice ? (
          <p
            key={notice.id}
            ref={noticeRef}
            tabIndex={-1}
            data-testid="supporter-page-notice"
            className={`mb-4 rounded-control border px-3 py-2 text-sm focus:outline-none ${notice.error ? "border-red-200 bg-red-50 text-red-950" : "border-emerald-200 bg-emerald-50 text-emerald-950"}`}
          >
            {notice.text}
          </p>
        ) : null}
      </div>

      <table className="hidden w-full text-left text-sm md:table" data-testid="supporter-page-table">
        <caption className="sr-only">{caption}</caption>
        <thead className="border-b border-slate-200 text-ink-muted">
          <tr>
            <th scope="col" className="py-2 pr-3 font-semibold">Page</th>
            <th scope="col" className="py-2 pr-3 font-semibold">Supporter</th>
            <th scope="col" className="py-2 pr-3 font-semibold">Team</th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">Raised</th>
            <th scope="col" className="py-2 pr-3 text-right font-semibold">Gifts</th>
            <th scope="col" className="py-2 pr-3 font-semibold">Status</th>
            <th scope="col" className="py-2 font-semibold">Actions</th>
          </tr>
        </thead>
        <tbody>
          {pages.map((p) => (
            <tr key={p.id} className="border-b border-slate-100 align-top">
              <td className="max-w-56 py-2.5 pr-3">
                {title(p)}
                <span className="block text-xs text-ink-muted">{p.fundraiserName}</span>
              </td>
              <td className="max-w-48 py-2.5 pr-3">{supporter(p)}</td>
              <td className="py-2.5 pr-3">{p.team?.name ?? <span className="text-ink-muted">—</span>}</td>
              <td className="py-2.5 pr-3 text-right whitespace-nowrap">{raised(p)}</td>
              <td className="py-2.5 pr-3 text-right tabular-nums">{p.giftCount.toLocaleString("en-US")}</td>
              <td className="py-2.5 pr-3">
                <SupporterStatusBadge status={p.status} />
              </td>
              <td className="py-2.5">{actionButtons(p)}</td>
            </tr>
          ))}
        </tbody>
      </table>

      <ul className="space-y-3 md:hidden" aria-label={caption} data-testid="supporter-page-cards">
        {pages.map((p) => (
          <li key={p.id} className="rounded-card border border-slate-200 p-4">
            <div className="flex items-start justify-between gap-3">
              <div className="min-w-0">
                {title(p)}
                <span className="block text-xs text-ink-muted">{p.fundraiserName}</span>
              </div>
              <SupporterStatusBadge status={p.status} />
            </div>
            <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 text-sm">
              <dt className="text-ink-muted">Supporter</dt>
              <dd className="min-w-0">{supporter(p)}</dd>
              <dt className="text-ink-muted">Team</dt>
              <dd>{p.team?.name ?? "—"}</dd>
              <dt className="text-ink-muted">Raised</dt>
              <dd>{raised(p)}</dd>
              <dt className="text-ink-muted">Gifts</dt>
              <dd className="tabular-nums">{p.giftCount.toLocaleString("en-US")}</dd>
            </dl>
            <div className="mt-3">{actionButtons(p)}</div>
          </li>
        ))}
      </ul>

      <EditPageDialog
        page={editing}
        focusAfterClose={() => (done.current ? noticeRef.current : null)}
        onClose={() => setEditing(null)}
        onSaved={() => {
          done.current = true;
          setEditing(null);
          announce(m.saved);
          router.refresh();
        }}
      />

      <Modal
        open={deleting !== null}
        onOpenChange={(open) => {
          if (!open && busy === null) setDeleting(null);
        }}
        preventClose={busy !== null}
        focusAfterClose={() => (done.current ? noticeRef.current : null)}
        title="Delete this page?"
        description={deleting ? `“${deleting.title}” will no longer be found. Its gifts stay with the fundraiser and its team.` : undefined}
        size="sm"
        footer={
          <>
            <ModalClose>
              <Button variant="outline" disabled={busy !== null}>
                Cancel
              </Button>
            </ModalClose>
            <Button
              variant="danger"
              loading={busy === "delete"}
              loadingLabel="Deleting..."
              onClick={async () => {
                if (!deleting) return;
                setBusy("delete");
                const res = await requestJson(`/api/supporter-pages/${encodeURIComponent(deleting.id)}`, { method: "DELETE", fallback: m.actionFailed });
                setBusy(null);
                done.current = true;
                setDeleting(null);
                if (!res.ok) return announce(res.status === 0 ? m.actionFailed : res.message, true);
                announce(m.deleted);
                router.refresh();
              }}
            >
              Delete page
            </Button>
          </>
        }
      />
    </>
  );
}

/** "Edit" of one page: its title, story and goal (dollars), as the shared schema checks them. */
function EditPageDialog({ page, onClose, onSaved, focusAfterClose }: { page: OrganizationSupporterPage | null; onClose: () => void; onSaved: () => void; focusAfterClose: () => HTMLElement | null }) {
  const formId = useId();
  const [error, setError] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    getValues,
    setError: setFieldError,
    formState: { errors, isSubmitting },
  } = useForm<EditValues>({ resolver: zodResolver(updateSupporterPageSchema) as never, values: page ? { title: page.title, story: page.story, goal: centsToDecimalString(page.goalCents) } : undefined });

  const onSubmit = handleSubmit(async () => {
    if (!page) return;
    setError(null);
    // The server takes the goal in dollars, as typed; the resolver has checked it already.
    const res = await requestJson(`/api/supporter-pages/${encodeURIComponent(page.id)}`, { method: "PUT", body: getValues(), fallback: m.actionFailed });
    if (!res.ok) {
      let placed = false;
      for (const [key, message] of Object.entries(res.fields)) {
        if (key === "title" || key === "story" || key === "goal") {
          setFieldError(key, { message }, { shouldFocus: !placed });
          placed = true;
        }
      }
      if (!placed) setError(res.status === 0 ? m.actionFailed : res.message);
      return;
    }
    onSaved();
  });

  return (
    <Modal
      open={page !== null}
      onOpenChange={(open) => {
        if (open || isSubmitting) return;
        setError(null);
        reset();
        onClose();
      }}
      preventClose={isSubmitting}
      focusAfterClose={focusAfterClose}
      title="Edit this page"
      description="Change the page's words or goal. The supporter's own choices (their team, notices and email) stay theirs."
      size="lg"
      footer={
        <>
          <ModalClose>
            <Button variant="outline" disabled={isSubmitting}>
              Cancel
            </Button>
          </ModalClose>
          <Button type="submit" form={formId} loading={isSubmitting} loadingLabel="Saving...">
            Save changes
          </Button>
        </>
      }
    >
      <form id={formId} method="post" noValidate onSubmit={onSubmit} aria-label="Supporter page" className="grid gap-4">
        {error ? <Alert variant="error">{error}</Alert> : null}
        <TextField label="Title" required maxLength={SUPPORTER_TITLE_MAX} autoComplete="off" error={errors.title?.message} {...register("title")} />
        <TextField label="Goal (USD)" required inputMode="decimal" autoComplete="off" error={errors.goal?.message} {...register("goal")} />
        <TextAreaField label="Story" rows={6} maxLength={SUPPORTER_STORY_MAX} error={errors.story?.message} {...register("story")} />
      </form>
    </Modal>
  );
}
