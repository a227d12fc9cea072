"use client";

import "@/lib/validations/zod-setup";
import { zodResolver } from "@hookform/resolvers/zod";
import { Mail, RotateCw, Trash2, UserMinus, UserPlus } from "lucide-react";
import { signOut } from "next-auth/react";
import { useRouter } from "next/navigation";
import { useId, useState } from "react";
import { useForm } from "@/components/ui/use-form";
import type { z } from "zod";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { TextField } from "@/components/ui/input";
import { useHydrated } from "@/components/ui/use-hydrated";
import { requestJson } from "@/lib/client/request";
import { clearSignInStores } from "@/lib/client/stores";
import { inviteMemberSchema } from "@/lib/validations/members";

/** A member as the page hands it over: dates as ISO strings with their UTC labels. */
export type MemberRow = { id: string; name: string; email: string; since: string; sinceLabel: string; you: boolean };
/** An open invitation, likewise. */
export type InvitationRow = { id: string; email: string; sent: string; sentLabel: string; expires: string; expiresLabel: string; expired: boolean; invitedBy: string | null };

type InviteValues = z.input<typeof inviteMemberSchema>;
type Notice = { ok: boolean; message: string } | null;

/**
 * The Members page's lists and actions (lib/services/organizations/members.ts, invitations.ts):
 * invite a colleague by email, re-send or revoke an invitation, remove a member or oneself, each
 * removal confirmed first. Outcomes are announced in a live region; the lists reload from the
 * server after each change. Removing oneself ends one's sessions, so the page signs out.
 */
export function MembersPanel({ canManage, members, invitations }: { canManage: boolean; members: MemberRow[]; invitations: InvitationRow[] }) {
  const router = useRouter();
  const hydrated = useHydrated();
  const [notice, setNotice] = useState<Notice>(null);
  const [confirming, setConfirming] = useState<string | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const membersHeading = useId();
  const invitationsHeading = useId();
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<InviteValues>({ resolver: zodResolver(inviteMemberSchema) as never, defaultValues: { email: "" } });

  const done = (result: Notice) => {
    setNotice(result);
    setBusy(null);
    setConfirming(null);
    if (result?.ok) router.refresh();
  };

  const onInvite = handleSubmit(async (values) => {
    setNotice(null);
    const res = await requestJson<{ message: string }>("/api/organizations/members/invitations", { method: "POST", body: { email: values.email } });
    if (!res.ok) {
      if (res.fields.email) setError("email", { message: res.fields.email });
      else setNotice({ ok: false, message: res.message });
      return;
    }
    reset({ email: "" });
    done({ ok: true, message: res.data.message });
  });

  const resend = async (inv: InvitationRow) => {
    setBusy(inv.id);
    const res = await requestJson<{ message: string }>("/api/organizations/members/invitations", { method: "POST", body: { email: inv.email, resend: true } });
    done(res.ok ? { ok: true, message: res.data.message } : { ok: false, message: res.message });
  };

  const revoke = async (inv: InvitationRow) => {
    setBusy(inv.id);
    const res = await requestJson<{ message: string }>(`/api/organizations/members/invitations/${encodeURIComponent(inv.id)}`, { method: "DELETE" });
    done(res.ok ? { ok: true, message: res.data.message } : { ok: false, message: res.message });
  };

  const remove = async (member: MemberRow) => {
    setBusy(member.id);
    const res = await requestJson<{ message: string; self: boolean }>(`/api/organizations/members/${encodeURIComponent(member.id)}`, { method: "DELETE" });
    if (res.ok && res.data.self) {
      // The account's sessions ended with the removal: leave signed out.
      clearSignInStores();
      await signOut({ redirect: false }).catch(() => undefined);
      router.push("/login");
      router.refresh();
      return;
    }
    done(res.ok ? { ok: true, message: res.data.message } : { ok: false, message: res.message });
  };

  return (
    <div className="space-y-6">
      <p role="status" aria-live="polite" className={notice?.ok ? "rounded-control bg-emerald-50 px-4 py-3 text-sm font-medium text-emerald-800 [overflow-wrap:anywhere]" : "sr-only"}>
        {notice?.ok ? notice.message : ""}
      </p>
      {notice && !notice.ok ? (
        <div className="[overflow-wrap:anywhere]">
          <Alert variant="error">{notice.message}</Alert>
        </div>
      ) : null}

      {canManage ? (
        <Card as="section" aria-label="Invite a colleague">
          <CardTitle as="h2">Invite a colleague</CardTitle>
          <p className="mt-1 text-sm text-ink-muted">
            They get an email with a link to create an account of their own for your organization. The link works for 7 days. An address that already has a Givebridge
            account cannot be invited: each account acts for one organization.
          </p>
          <form method="post" noValidate onSubmit={onInvite} className="mt-4 flex flex-col gap-3 sm:flex-row sm:items-start">
            <TextField label="Colleague's email" type="email" autoComplete="off" required containerClassName="min-w-0 flex-1 [overflow-wrap:anywhere]" {...register("email")} error={errors.email?.message} />
            <Button
              type="submit"
              className="sm:mt-7"
              disabled={!hydrated}
              loading={isSubmitting}
              loadingLabel="Sending..."
              leftIcon={<UserPlus className="size-4" aria-hidden="true" />}
            >
              Send invitation
            </Button>
          </form>
        </Card>
      ) : null}

      <Card as="section" aria-labelledby={membersHeading}>
        <CardTitle as="h2">
          <span id={membersHeading}>Members ({members.length})</span>
        </CardTitle>
        <ul className="mt-3 divide-y divide-slate-100" aria-label="Members">
          {members.map((p) => (
            <li key={p.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="member">
              <div className="min-w-0 text-sm">
                <p className="font-semibold break-words text-ink">
                  {p.name}
                  {p.you ? <span className="ml-2 rounded bg-slate-100 px-1.5 py-0.5 text-xs font-medium text-ink-muted">You</span> : null}
                </p>
                <p className="break-all text-ink-muted">{p.email}</p>
                <p className="text-xs text-ink-subtle">
                  Member since <time dateTime={p.since}>{p.sinceLabel}</time>
                </p>
              </div>
              {!canManage ? null : confirming === p.id ? (
                <div className="flex w-full flex-wrap items-center gap-2 sm:w-auto" role="group" aria-label={`Confirm removing ${p.name}`}>
                  <p className="w-full text-xs text-ink">
                    {p.you
                      ? "Remove yourself? Your account stays, but it no longer acts for this organization and you are signed out."
                      : `Remove ${p.name}? Their account stays, but it no longer acts for this organization and they are signed out.`}
                  </p>
                  <Button size="sm" variant="danger" loading={busy === p.id} loadingLabel="Removing..." onClick={() => remove(p)} autoFocus>
                    Yes, remove
                  </Button>
                  <Button size="sm" variant="ghost" onClick={() => setConfirming(null)}>
                    Cancel
                  </Button>
                </div>
              ) : (
                <Button
                  size="sm"
                  variant="ghost"
                  className="text-red-700"
                  disabled={!hydrated || busy !== null}
                  onClick={() => setConfirming(p.id)}
                  aria-label={p.you ? `Remove yourself (${p.name})` : `Remove ${p.name}`}
                  leftIcon={<UserMinus className="size-4" aria-hidden="true" />}
                >
                  Remove
                </Button>
              )}
            </li>
          ))}
        </ul>
      </Card>

      <Card as="section" aria-labelledby={invitationsHeading}>
        <CardTitle as="h2">
          <span id={invitationsHeading}>Invitations waiting ({invitations.length})</span>
        </CardTitle>
        {invitations.length === 0 ? (
          <p className="mt-2 text-sm text-ink-muted">No invitation is waiting for an answer.</p>
        ) : (
          <ul className="mt-3 divide-y divide-slate-100" aria-label="Invitations waiting">
            {invitations.map((inv) => (
              <li key={inv.id} className="flex flex-wrap items-start justify-between gap-3 py-3" data-testid="invitation">
                <div className="min-w-0 text-sm">
                  <p className="flex items-center gap-2 font-semibold break-all text-ink">
                    <Mail className="size-4 shrink-0 text-ink-muted" aria-hidden="true" />
                    {inv.email}
                    {inv.expired ? <span className="rounded bg-amber-100 px-1.5 py-0.5 text-xs font-medium text-amber-900">Expired</span> : null}
                  </p>
                  <p className="text-xs text-ink-subtle">
                    Sent <time dateTime={inv.sent}>{inv.sentLabel}</time>
                    {inv.invitedBy ? ` by ${inv.invitedBy}` : ""} · {inv.expired ? "Expired" : "Expires"} <time dateTime={inv.expires}>{inv.expiresLabel}</time>
                  </p>
                </div>
                {canManage ? (
                  <div className="flex flex-wrap gap-2">
                    <Button
                      size="sm"
                      variant="outline"
                      disabled={!hydrated || (busy !== null && busy !== inv.id)}
                      loading={busy === inv.id}
                      loadingLabel="Working..."
                      onClick={() => resend(inv)}
                      aria-label={`Resend the invitation to ${inv.email}`}
                      leftIcon={<RotateCw className="size-4" aria-hidden="true" />}
                    >
                      Resend
                    </Button>
                    <Button
                      size="sm"
                      variant="ghost"
                      className="text-red-700"
                      disabled={!hydrated || busy !== null}
                      onClick={() => revoke(inv)}
                      aria-label={`Revoke the invitation to ${inv.email}`}
                      leftIcon={<Trash2 className="size-4" aria-hidden="true" />}
                    >
                      Revoke
                    </Button>
                  </div>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}
