"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { messages } from "@/lib/validations/messages";
import { requestJson } from "@/lib/client/request";

/** "Sign out everywhere" (OWASP ASVS 5.0 7.4): ends every other session of the account; this one stays. */
export function SignOutEverywhere() {
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run() {
    setBusy(true);
    setDone(false);
    setError(null);
    const res = await requestJson("/api/account/sessions", { method: "DELETE" });
    if (res.ok) setDone(true);
    else setError(res.message);
    setBusy(false);
  }
  return (
    <section aria-labelledby="sign-out-everywhere" className="mt-6 space-y-3 border-t border-slate-100 pt-4">
      <h3 id="sign-out-everywhere" className="font-semibold text-ink">
        Other devices
      </h3>
      <p className="text-sm text-ink-muted">Signed in on a device you no longer use? Sign out everywhere else; you stay signed in here.</p>
      <Button variant="outline" onClick={run} loading={busy} loadingLabel="Signing out...">
        Sign out everywhere else
      </Button>
      {done ? <Alert variant="success">{messages.trustAndSafety.signedOutEverywhere}</Alert> : null}
      {error ? <Alert variant="error">{error}</Alert> : null}
    </section>
  );
}
