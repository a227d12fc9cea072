"use client";

import { useRouter } from "next/navigation";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { requestJson } from "@/lib/client/request";

/** Approve/verify or decline one volunteer entry or story (PUT /api/volunteer/{id} or /api/stories/{id}). */
export function ReviewButtons({ kind, id, approveLabel }: { kind: "volunteer" | "stories"; id: string; approveLabel: string }) {
  const router = useRouter();
  const [busy, setBusy] = useState<"approved" | "declined" | null>(null);
  const [failed, setFailed] = useState(false);
  async function review(status: "approved" | "declined") {
    setBusy(status);
    setFailed(false);
    const res = await requestJson(`/api/${kind}/${id}`, { method: "PUT", body: { status } });
    setBusy(null);
    if (res.ok && res.status === 200) router.refresh();
    else setFailed(true);
  }
  return (
    <span className="flex items-center gap-2">
      {failed ? <span className="text-red-700">Try again</span> : null}
      <Button size="sm" loading={busy === "approved"} disabled={busy !== null} onClick={() => review("approved")}>
        {approveLabel}
      </Button>
      <Button size="sm" variant="outline" loading={busy === "declined"} disabled={busy !== null} onClick={() => review("declined")}>
        Decline
      </Button>
    </span>
  );
}
