"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { requestJson } from "@/lib/client/request";

/** Approves through PUT /api/approve/{type}/{id}/{signature}; GET never changes anything. */
export function ApproveButton({ type, id, signature, name }: { type: string; id: string; signature: string; name: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  return (
    <div className="space-y-3">
      {error ? <Alert variant="error">{error}</Alert> : null}
      <Button
        loading={busy}
        loadingLabel="Approving..."
        onClick={async () => {
          setBusy(true);
          setError(null);
          const res = await requestJson(`/api/approve/${encodeURIComponent(type)}/${encodeURIComponent(id)}/${encodeURIComponent(signature)}`, { method: "PUT" });
          setBusy(false);
          if (!res.ok) setError(res.message);
          router.refresh();
        }}
      >
        Approve {name}
      </Button>
    </div>
  );
}
