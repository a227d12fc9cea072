"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { Input } from "@/components/ui/input";
import { reviewClaimAction } from "../actions";

/** Approve, or reject with a reason, one claim's uploaded document in the console. */
export function ClaimReviewButtons({ claimId, name }: { claimId: string; name: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [reason, setReason] = useState("");
  const [error, setError] = useState<string | null>(null);
  const act = (decision: "approve" | "reject") =>
    start(async () => {
      setError(null);
      const res = await reviewClaimAction(claimId, decision, reason);
      if (!res.ok) setError(res.message);
      else router.refresh();
    });
  return (
    <div className="flex flex-col gap-2">
      <label className="text-sm font-medium" htmlFor={`reason-${claimId}`}>
        Reason (for a rejection)
      </label>
      <Input id={`reason-${claimId}`} value={reason} onChange={(e) => setReason(e.target.value)} maxLength={500} />
      <div className="flex flex-wrap gap-2">
        <Button size="sm" onClick={() => act("approve")} disabled={pending} aria-label={`Approve the claim of ${name}`}>
          Approve claim
        </Button>
        <Button size="sm" variant="outline" onClick={() => act("reject")} disabled={pending} aria-label={`Reject the document of ${name}`}>
          Reject document
        </Button>
      </div>
      {error ? (
        <p role="alert" className="text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
