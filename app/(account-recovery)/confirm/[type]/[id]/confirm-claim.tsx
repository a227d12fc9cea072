"use client";

import { useState, useTransition } from "react";
import { Button } from "@/components/ui/button";
import { confirmClaimAction } from "./actions";

/** The button that confirms a claim from the mailed link, and its outcome. */
export function ConfirmClaim({ token, label }: { token: string; label: string }) {
  const [pending, start] = useTransition();
  const [result, setResult] = useState<{ ok: boolean; message: string } | null>(null);
  return (
    <div className="mt-6">
      {result ? (
        <p role={result.ok ? "status" : "alert"} className={result.ok ? "text-emerald-700" : "text-red-700"}>
          {result.message}
        </p>
      ) : (
        <Button onClick={() => start(async () => setResult(await confirmClaimAction(token)))} disabled={pending}>
          {label}
        </Button>
      )}
    </div>
  );
}
