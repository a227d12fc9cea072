"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { messages } from "@/lib/validations/messages";

/** Captures the approved PayPal order once, then shows the result page. */
export function CapturePaypal({ orderId }: { orderId: string }) {
  const router = useRouter();
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    fetch("/api/capturePaypalOrder", { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify({ orderId }) })
      .then(async (res) => {
        const body = (await res.json().catch(() => ({}))) as { donationId?: string; accessToken?: string; status?: string; message?: string };
        if (!res.ok) return setError(body.message ?? messages.generic.server);
        const q = `donation=${encodeURIComponent(body.donationId!)}&token=${encodeURIComponent(body.accessToken!)}`;
        router.replace(body.status === "succeeded" ? `/thankyou?${q}` : `/complete-donation?${q}`);
      })
      .catch(() => setError(messages.generic.server));
  }, [orderId, router]);
  return error ? <Alert variant="error">{error}</Alert> : <Spinner label="Completing your PayPal donation..." />;
}
