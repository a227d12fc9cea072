"use client";

import { useState } from "react";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { donationResultPath, type CheckoutFlow } from "@/lib/embed/paths";
import { requestJson } from "@/lib/client/request";

/**
 * Performs a sandbox outside action (the donor's verification step, an ACH settlement), then
 * shows the flow's thank-you or result page.
 */
export function SandboxActionButton({
  action,
  donationId,
  token,
  label,
  flow = "site",
}: {
  action: "verify" | "settle";
  donationId: string;
  token: string;
  label: string;
  flow?: CheckoutFlow;
}) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  async function run() {
    setBusy(true);
    setError(null);
    const res = await requestJson<{ status: string }>("/api/webhooks/sandbox/simulate", { method: "POST", body: { action, donationId, token } });
    setBusy(false);
    if (!res.ok) return setError(res.message);
    router.push(donationResultPath(flow, res.data.status === "succeeded" ? "thanks" : "complete", donationId, token));
    router.refresh();
  }
  return (
    <div className="space-y-3">
      <Button onClick={run} loading={busy} size="lg">
        {label}
      </Button>
      {error ? <Alert variant="error">{error}</Alert> : null}
    </div>
  );
}
