"use client";

import { CalendarDays, Pencil, Plus, Square, Trash2 } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useCallback, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { useHydrated } from "@/components/ui/use-hydrated";
import { Modal, ModalClose } from "@/components/ui/dialog";
import { EmptyState } from "@/components/ui/empty-state";
import { FundraiserProgress } from "@/components/fundraisers/fundraiser-progress";
import { DIRECT_DONATION } from "@/lib/donations/labels";
import { formatCents } from "@/lib/money";
import type { Fundraiser, ManagedFundraiser } from "@/lib/services/fundraisers/fundraiser";
import { messages } from "@/lib/validations/messages";
import { FundraiserForm } from "./fundraiser-form";
import { requestJson } from "@/lib/client/request";

type Mode = { kind: "closed" } | { kind: "create" } | { kind: "edit"; id: string };
type Pending = { kind: "end" | "delete"; campaign: ManagedFundraiser } | null;

/** "Nov 22, 2026" for a "YYYY-MM-DD" date (calendar dates, no time zone shift). */
function formatDay(day: string): string {
  return new Date(`${day}T00:00:00Z`).toLocaleDateString("en-US", { month: "short", day: "numeric", year: "numeric", timeZone: "UTC" });
}

function dateRange(c: Fundraiser): string | null {
  if (c.startDate && c.endDate) return `${formatDay(c.startDate)} – ${formatDay(c.endDate)}`;
  if (c.startDate) return `From ${formatDay(c.startDate)}`;
  if (c.endDate) return `Until ${formatDay(c.endDate)}`;
  return null;
}

/**
 * The owner's interactive fundraiser list: every fundraiser (newest first) with its progress
 * bar, a Create button, and Edit, End and Delete per fundraiser. Changes go through
 * /api/updateNPCampaigns and /api/campaign/delete/{org}/{id}; afterwards the server-rendered
 * page is refreshed. Status messages are announced in a polite live region.
 */
export function FundraiserList({
  organizationId,
  initialFundraisers,
  openCreate,
}: {
  organizationId: string;
  initialFundraisers: ManagedFundraiser[];
  openCreate: boolean;
}) {
  const router = useRouter();
  const [fundraisers, setFundraisers] = useState(initialFundraisers);
  const [source, setSource] = useState(initialFundraisers);
  if (source !== initialFundraisers) {
    // The server re-rendered (router.refresh()): take its list.
    setSource(initialFundraisers);
    setFundraisers(initialFundraisers);
  }
  const [mode, setMode] = useState<Mode>(openCreate ? { kind: "create" } : { kind: "closed" });
  // "Create fundraiser" waits for this code: a click before hydration would be lost.
  const hydrated = useHydrated();
  const [pending, setPending] = useState<Pending>(null);
  const [busy, setBusy] = useState(false);
  const [dialogError, setDialogError] = useState<string | null>(null);
  const [status, setStatus] = useState("");
  const createButton = useRef<HTMLButtonElement>(null);
  const listRef = useRef<HTMLUListElement>(null);

  const closeForm = useCallback(() => {
    setMode({ kind: "closed" });
    requestAnimationFrame(() => createButton.current?.focus());
  }, []);

  const onSaved = (saved: Fundraiser, created: boolean) => {
    setFundraisers((list) => {
      const previous = list.find((c) => c._id === saved._id);
      const next: ManagedFundraiser = { ...saved, succeededGifts: previous?.succeededGifts ?? 0 };
      return created ? [next, ...list] : list.map((c) => (c._id === saved._id ? next : c));
    });
    setStatus(created ? `Fundraiser "${saved.name}" created.` : `Fundraiser "${saved.name}" saved.`);
    closeForm();
    router.refresh();
  };

  const confirmPending = async () => {
    if (!pending) return;
    const { kind, campaign: fundraiser } = pending;
    setBusy(true);
    setDialogError(null);
    const result =
      kind === "end"
        ? await requestJson<{ campaign: Fundraiser }>("/api/updateNPCampaigns", { method: "PUT", body: { _id: fundraiser._id, action: "end", npID: organizationId } })
        : await requestJson<{ deleted: true }>(`/api/campaign/delete/${encodeURIComponent(organizationId)}/${encodeURIComponent(fundraiser._id)}`, { method: "DELETE" });
    setBusy(false);
    if (!result.ok) {
      setDialogError(result.message);
      return;
    }
    if (kind === "end" && "campaign" in result.data) {
      const ended = result.data.campaign;
      setFundraisers((list) => list.map((c) => (c._id === ended._id ? { ...ended, succeededGifts: c.succeededGifts } : c)));
      setStatus(`Fundraiser "${fundraiser.name}" ended.`);
    } else {
      setFundraisers((list) => list.filter((c) => c._id !== fundraiser._id));
      setStatus(`Fundraiser "${fundraiser.name}" deleted.`);
    }
    if (mode.kind === "edit" && mode.id === fundraiser._id) setMode({ kind: "closed" });
    setPending(null);
    requestAnimationFrame(() => createButton.current?.focus());
    router.refresh();
  };

  const editing = mode.kind === "edit" ? (fundraisers.find((c) => c._id === mode.id) ?? null) : null;
  const formOpen = mode.kind === "create" || editing !== null;

  return (
    <section aria-labelledby="manage-fundraisers-title" className="mt-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="manage-fundraisers-title" className="text-base font-bold text-ink">
          Manage your fundraisers
        </h3>
        <Button ref={createButton} size="sm" leftIcon={<Plus className="size-4" aria-hidden="true" />} onClick={() => setMode({ kind: "create" })} disabled={!hydrated || mode.kind === "create"}>
          Create fundraiser
        </Button>
      </div>
      <p role="status" aria-live="polite" className="sr-only">
        {status}
      </p>

      {formOpen ? (
        <FundraiserForm
          key={editing ? editing._id : "create"}
          organizationId={organizationId}
          fundraiser={editing}
          onSaved={onSaved}
          onCancel={closeForm}
          onImageChanged={() => router.refresh()}
        />
      ) : null}

      {fundraisers.length === 0 ? (
        <EmptyState className="mt-4" title={messages.organization.noCampaigns} />
      ) : (
        <ul ref={listRef} className="mt-4 divide-y divide-slate-100" aria-label="Your fundraisers">
          {fundraisers.map((c) => {
            const range = dateRange(c);
            return (
              <li key={c._id} className="py-4 first:pt-0" data-testid="fundraiser-item">
                <div className="flex flex-wrap items-start justify-between gap-2">
                  <p className="min-w-0">
                    <Link href={`/fundraiser/${c._id}`} className="font-semibold break-words text-brand-700 underline-offset-4 hover:underline">
                      {c.name}
                    </Link>{" "}
                    <span
                      className={
                        c.status === "active"
                          ? "ml-1 inline-block rounded-full bg-emerald-50 px-2 py-0.5 text-xs font-semibold text-emerald-800"
                          : "ml-1 inline-block rounded-full bg-slate-100 px-2 py-0.5 text-xs font-semibold text-slate-700"
                      }
                    >
                      {c.status === "active" ? "Active" : "Ended"}
                    </span>
                  </p>
                  <span className="text-sm text-ink-muted tabular-nums">
                    {formatCents(c.progress)} raised of {formatCents(c.goal)}
                  </span>
                </div>
                <FundraiserProgress name={c.name} progressCents={c.progress} goalCents={c.goal} className="mt-2" />
                {range ? (
                  <p className="mt-1 flex items-center gap-1 text-xs text-ink-muted">
                    <CalendarDays className="size-3.5" aria-hidden="true" /> {range}
                  </p>
                ) : null}
                <div className="mt-3 flex flex-wrap gap-2">
                  <Button size="sm" variant="secondary" leftIcon={<Pencil className="size-4" aria-hidden="true" />} onClick={() => setMode({ kind: "edit", id: c._id })} aria-label={`Edit ${c.name}`}>
                    Edit
                  </Button>
                  {c.status === "active" ? (
                    <Button size="sm" variant="outline" leftIcon={<Square className="size-4" aria-hidden="true" />} onClick={() => { setDialogError(null); setPending({ kind: "end", campaign: c }); }} aria-label={`End ${c.name}`}>
                      End
                    </Button>
                  ) : null}
                  <Button size="sm" variant="ghost" className="text-red-700" leftIcon={<Trash2 className="size-4" aria-hidden="true" />} onClick={() => { setDialogError(null); setPending({ kind: "delete", campaign: c }); }} aria-label={`Delete ${c.name}`}>
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}

      <Modal
        open={pending !== null}
        onOpenChange={(open) => {
          if (!open && !busy) setPending(null);
        }}
        preventClose={busy}
        size="sm"
        title={pending?.kind === "end" ? "End this fundraiser?" : "Delete this fundraiser?"}
        description={pending ? confirmText(pending) : undefined}
        footer={
          <>
            <ModalClose>
              <Button variant="ghost" disabled={busy}>
                Cancel
              </Button>
            </ModalClose>
            {pending?.kind === "delete" && pending.campaign.status === "active" && pending.campaign.succeededGifts > 0 ? (
              <Button variant="outline" disabled={busy} onClick={() => setPending({ kind: "end", campaign: pending.campaign })}>
                End it instead
              </Button>
            ) : null}
            <Button variant={pending?.kind === "delete" ? "danger" : "primary"} loading={busy} loadingLabel={pending?.kind === "end" ? "Ending..." : "Deleting..."} onClick={confirmPending}>
              {pending?.kind === "end" ? "End fundraiser" : "Delete fundraiser"}
            </Button>
          </>
        }
      >
        {dialogError ? (
          <p role="alert" className="text-sm font-medium text-red-700">
            {dialogError}
          </p>
        ) : (
          <p className="text-sm text-ink-muted">{pending ? `"${pending.campaign.name}"` : null}</p>
        )}
      </Modal>
    </section>
  );
}

/**
 * Deleting keeps every donation: the gifts of a deleted fundraiser become direct donations
 * in reports. The dialog says so and offers End instead when gifts exist.
 */
function confirmText({ kind, campaign: fundraiser }: NonNullable<Pending>): string {
  if (kind === "end") return "It stops accepting donations and stays in your list and reports with the money raised so far.";
  const gifts = fundraiser.succeededGifts;
  if (gifts === 0) return "This removes it for good. This cannot be undone.";
  return `This removes it for good. Its ${gifts} donation${gifts === 1 ? "" : "s"} will be kept and will show as ${DIRECT_DONATION} in your reports. To keep them listed under this fundraiser, end it instead.`;
}
