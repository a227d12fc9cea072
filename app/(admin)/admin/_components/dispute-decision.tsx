"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { decideDisputeAction } from "../actions";

/**
 * The admin's decision on one dispute, with the reason both people are told: hand the
 * organization over to the contester, or keep the current claim. Each asks for confirmation.
 */
export function DisputeDecision({ claimId, name }: { claimId: string; name: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const act = (decision: "hand_over" | "keep") => {
    const question = decision === "hand_over" ? `Hand ${name} over to the contester? The current claim ends.` : `Keep the current claim of ${name}? The contest ends.`;
    if (!window.confirm(question)) return;
    start(async () => {
      setError(null);
      const res = await decideDisputeAction(claimId, decision, reason);
      if (!res.ok) setError(res.message);
      else router.refresh();
    });
  };
  return (
    <div className="flex flex-col gap-2">
      <label className="text-sm font-medium" htmlFor={`dispute-reason-${claimId}`}>
        Reason (both people are told)
      </label>
      <Input id={`dispute-reason-${claimId}`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => act("hand_over")} disabled={pending} aria-label={`Hand ${name} over to the contester`}>
          Hand over
        </Button>
        <Button size="sm" variant="outline" onClick={() => act("keep")} disabled={pending} aria-label={`Keep the current claim of ${name}`}>
          Keep current claim
        </Button>
      </div>
      <p role="alert" className="text-sm text-red-700">
        {error}
      </p>
    </div>
  );
}
