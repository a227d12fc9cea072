"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { requestJson } from "@/lib/client/request";

/**
 * The sandbox connection (simulated onboarding): POST /api/connect/sandbox marks the
 * organization connected while payments run on the sandbox provider, then the page reloads.
 */
export function SandboxConnectButton() {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function connect() {
    setBusy(true);
    setError(null);
    const res = await requestJson("/api/connect/sandbox", { method: "POST" });
    if (res.ok) router.refresh();
    else setError(res.message);
    setBusy(false);
  }
  return (
    <div className="space-y-2 rounded-card border border-slate-200 bg-white p-4">
      <p className="text-sm text-ink-muted">Try every flow offline: the sandbox connection stands in for a payout account, and gifts use test cards.</p>
      <Button onClick={connect} loading={busy} loadingLabel="Connecting...">
        Connect sandbox payments
      </Button>
      {error ? <Alert variant="error">{error}</Alert> : null}
    </div>
  );
}
