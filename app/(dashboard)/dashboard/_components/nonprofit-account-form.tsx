"use client";

import { CircleCheck } from "lucide-react";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { TextField } from "@/components/ui/input";
import type { SessionUser } from "@/lib/auth/types";
import { messages } from "@/lib/validations/messages";
import { nonprofitEmailField } from "@/lib/validations/organization";
import { DeleteAccount } from "./delete-account";
import { requestJson } from "@/lib/client/request";

/**
 * The nonprofit's Account tab (spec 2 "Account settings popup", 4 and 5): the organization's
 * contact email with its confirmation, saved through PUT /api/updateDashboard; a bad format
 * alerts 'Please enter a valid email address', a different confirmation 'Email address and
 * confirmation must match', and nothing is sent. A 200 shows a green check; any other answer
 * shows the spec's organization-update failure alert. Below: the sign-in email and Delete account.
 */
export function NonprofitAccountForm({ user, contactEmail }: { user: SessionUser; contactEmail: string | null }) {
  const router = useRouter();
  const [email, setEmail] = useState("");
  const [confirmEmail, setConfirmEmail] = useState("");
  const [current, setCurrent] = useState(contactEmail);
  const [alert, setAlert] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saved, setSaved] = useState(false);

  async function save(e: React.FormEvent) {
    e.preventDefault();
    setSaved(false);
    if (!nonprofitEmailField.safeParse(email).success) return setAlert(messages.nonprofitEmail.invalid);
    if (email.trim().toLowerCase() !== confirmEmail.trim().toLowerCase()) return setAlert(messages.nonprofitEmail.mismatch);
    setAlert(null);
    setSaving(true);
    try {
      const res = await requestJson("/api/updateDashboard", { method: "PUT", body: { npID: user.orgId, email, confirmEmail } });
      if (!res.ok || res.status !== 200) throw new Error(String(res.status));
      setCurrent(email.trim());
      setEmail("");
      setConfirmEmail("");
      setSaved(true);
      router.refresh();
    } catch {
      setAlert(messages.organization.updateFailed);
    } finally {
      setSaving(false);
    }
  }

  return (
    <div className="space-y-6">
      <form method="post" noValidate onSubmit={save} className="space-y-4" aria-labelledby="contact-email-heading">
        <h3 id="contact-email-heading" className="flex items-center gap-2 font-semibold text-ink">
          Contact email
          {saved ? (
            <>
              <CircleCheck className="size-5 text-emerald-600" aria-hidden="true" />
              <span className="sr-only">Saved</span>
            </>
          ) : null}
        </h3>
        <p className="text-sm text-ink-muted">
          Where donors and Givebridge reach your organization. Now: <span className="font-medium break-all text-ink">{current ?? "not set"}</span>
        </p>
        {alert ? (
          <Alert variant="error">{alert}</Alert>
        ) : null}
        <TextField label="New contact email" type="email" autoComplete="email" value={email} onChange={(e) => setEmail(e.target.value)} />
        <TextField label="Confirm contact email" type="email" autoComplete="off" value={confirmEmail} onChange={(e) => setConfirmEmail(e.target.value)} />
        <Button type="submit" loading={saving} loadingLabel="Saving...">
          Save contact email
        </Button>
      </form>
      <dl className="border-t border-slate-100 pt-4 text-sm">
        <dt className="text-ink-muted">Sign-in email</dt>
        <dd className="font-medium break-all text-ink">{user.email}</dd>
      </dl>
      <div className="border-t border-slate-100 pt-4">
        <DeleteAccount kind="nonprofit" />
      </div>
    </div>
  );
}
