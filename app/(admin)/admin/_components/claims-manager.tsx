"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { TextAreaField } from "@/components/ui/input";
import { useHydrated } from "@/components/ui/use-hydrated";
import { requestJson } from "@/lib/client/request";
import { claimReleaseSchema, fillMessage } from "@/lib/validations/claims";
import { messages } from "@/lib/validations/messages";

/** One claim as the console shows it (formatted on the server). */
export type ClaimRowView = {
  _id: string;
  organizationId: string;
  name: string;
  /** "Legal name: …, EIN …", or null without an IRS record. */
  legalName: string | null;
  status: "Pending" | "Verified";
  /** How it was verified, or which ways of verification were started while pending. */
  method: string;
  claimant: string;
  members: number;
  claimedAt: string;
  verifiedAt: string | null;
};

const m = messages.claims;

/**
 * The claims that hold a listing, each with "Release claim": a required reason, then a confirm
 * step, then POST /api/admin/claims/{organizationId}/release. The outcome is announced in the
 * live regions above the list, which stay when the released claim leaves it.
 */
export function ClaimsManager({ claims }: { claims: ClaimRowView[] }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [open, setOpen] = useState<string | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [reason, setReason] = useState("");
  const [reasonError, setReasonError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  const start = (id: string) => {
    setOpen(id);
    setConfirming(false);
    setReason("");
    setReasonError(null);
    setError(null);
    setNotice(null);
  };
  const close = () => {
    setOpen(null);
    setConfirming(false);
  };

  function review(e: React.FormEvent) {
    e.preventDefault();
    const parsed = claimReleaseSchema.safeParse({ reason });
    if (!parsed.success) {
      setReasonError(parsed.error.issues[0]?.message ?? m.releaseReasonRequired);
      return;
    }
    setReasonError(null);
    setConfirming(true);
  }

  async function release(c: ClaimRowView) {
    setBusy(true);
    setError(null);
    try {
      const res = await requestJson(`/api/admin/claims/${encodeURIComponent(c.organizationId)}/release`, { method: "POST", body: { reason }, fallback: m.releaseFailed });
      if (!res.ok) {
        setError(res.message);
        setConfirming(false);
        return;
      }
      close();
      setNotice(fillMessage(m.released, { name: c.name }));
      router.refresh();
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="space-y-3">
      <p role="status" aria-live="polite" className={notice ? "rounded-control border border-emerald-200 bg-emerald-50 p-3 text-sm text-emerald-950" : "sr-only"}>
        {notice}
      </p>
      <p role="alert" className={error ? "rounded-control border border-red-200 bg-red-50 p-3 text-sm text-red-950" : "sr-only"}>
        {error}
      </p>
      {claims.length === 0 ? null : (
        <ul className="divide-y divide-slate-200" aria-label="Claims">
          {claims.map((c) => (
            <li key={c._id} className="grid grid-cols-[minmax(0,1fr)] gap-3 py-4 md:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">
              <div className="min-w-0">
                <p className="font-semibold break-words">
                  {c.name}{" "}
                  <span className={c.status === "Verified" ? "ml-1 rounded-full bg-emerald-100 px-2 py-0.5 text-xs font-semibold text-emerald-900" : "ml-1 rounded-full bg-amber-100 px-2 py-0.5 text-xs font-semibold text-amber-900"}>
                    {c.status}
                  </span>
                </p>
                {c.legalName ? <p className="text-sm break-words text-ink-muted">{c.legalName}</p> : null}
                <p className="text-sm wrap-anywhere text-ink-muted">
                  Claimant: {c.claimant} · {c.members} {c.members === 1 ? "member" : "members"}
                </p>
                <p className="text-sm wrap-anywhere text-ink-muted">{c.method}</p>
                <p className="text-xs text-ink-muted">
                  Claimed {c.claimedAt}
                  {c.verifiedAt ? ` · verified ${c.verifiedAt}` : ""}
                </p>
              </div>
              <div className="min-w-0">
                {open !== c._id ? (
                  <Button size="sm" variant="outline" disabled={!hydrated} onClick={() => start(c._id)} aria-label={`Release the claim of ${c.name}`}>
                    Release claim
                  </Button>
                ) : !confirming ? (
                  <form method="post" onSubmit={review} noValidate className="space-y-2">
                    <TextAreaField
                      label="Reason (emailed to the claimant)"
                      value={reason}
                      onChange={(e) => setReason(e.target.value)}
                      error={reasonError ?? undefined}
                      rows={3}
                      maxLength={500}
                      required
                    />
                    <div className="flex flex-wrap gap-2">
                      <Button type="submit" size="sm" variant="danger">
                        Continue
                      </Button>
                      <Button size="sm" variant="ghost" onClick={close}>
                        Cancel
                      </Button>
                    </div>
                  </form>
                ) : (
                  <div className="space-y-2 rounded-control border border-red-200 bg-red-50 p-3" role="group" aria-label={`Confirm the release of ${c.name}`}>
                    <p className="text-sm text-red-950">{fillMessage(m.releaseConfirm, { name: c.name })}</p>
                    <p className="text-sm wrap-anywhere text-red-950">
                      <span className="font-semibold">Reason:</span> {reason.trim()}
                    </p>
                    <div className="flex flex-wrap gap-2">
                      <Button size="sm" variant="danger" loading={busy} loadingLabel="Releasing..." onClick={() => void release(c)}>
                        Yes, release the claim
                      </Button>
                      <Button size="sm" variant="ghost" disabled={busy} onClick={() => setConfirming(false)}>
                        Back
                      </Button>
                    </div>
                  </div>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
