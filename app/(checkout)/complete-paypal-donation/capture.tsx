"use client";

import { useEffect, useRef, useState } from "react";
import { useRouter } from "next/navigation";
import { Alert } from "@/components/ui/alert";
import { Spinner } from "@/components/ui/spinner";
import { requestJson } from "@/lib/client/request";

/** Captures the approved PayPal order once, then shows the result page. */
export function CapturePaypal({ orderId }: { orderId: string }) {
  const router = useRouter();
  const started = useRef(false);
  const [error, setError] = useState<string | null>(null);
  useEffect(() => {
    if (started.current) return;
    started.current = true;
    void requestJson<{ donationId: string; accessToken: string; status: string }>("/api/capturePaypalOrder", { method: "POST", body: { orderId } }).then((res) => {
      if (!res.ok) return setError(res.message);
      const q = `donation=${encodeURIComponent(res.data.donationId)}&token=${encodeURIComponent(res.data.accessToken)}`;
      router.replace(res.data.status === "succeeded" ? `/thankyou?${q}` : `/complete-donation?${q}`);
    });
  }, [orderId, router]);
  return error ? <Alert variant="error">{error}</Alert> : <Spinner label="Completing your PayPal donation..." />;
}
