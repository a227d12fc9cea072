"use client";

import { useRouter } from "next/navigation";
import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { reviewNonprofitAction } from "../actions";

/** Approve / Reject of one pending nonprofit in the console. */
export function ReviewButtons({ organizationId, name }: { organizationId: string; name: string }) {
  const router = useRouter();
  const [pending, start] = useTransition();
  const [error, setError] = useState<string | null>(null);
  const act = (decision: "approved" | "rejected") =>
    start(async () => {
      setError(null);
      const res = await reviewNonprofitAction(organizationId, decision);
      if (!res.ok) setError(res.message);
      else router.refresh();
    });
  return (
    <div className="flex flex-wrap items-center gap-2">
      <Button size="sm" onClick={() => act("approved")} disabled={pending} aria-label={`Approve ${name}`}>
        Approve
      </Button>
      <Button size="sm" variant="outline" onClick={() => act("rejected")} disabled={pending} aria-label={`Reject ${name}`}>
        Reject
      </Button>
      {error ? (
        <p role="alert" className="w-full text-sm text-red-700">
          {error}
        </p>
      ) : null}
    </div>
  );
}
