"use client";

import { useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { messages } from "@/lib/validations/messages";
import { requestJson } from "@/lib/client/request";

/** Starts Stripe Connect or PayPal partner onboarding (disabled with a reason without keys). */
export function ConnectButtons({ stripeConfigured, paypalConfigured, organizationId }: { stripeConfigured: boolean; paypalConfigured: boolean; organizationId: string }) {
  const [busy, setBusy] = useState<"stripe" | "paypal" | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function call(url: string, method: "POST", json?: unknown) {
    const res = await requestJson<{ url?: string }>(url, { method, body: json });
    if (!res.ok) throw new Error(res.message);
    return res.data;
  }
  async function stripe() {
    setBusy("stripe");
    setError(null);
    try {
      await call("/api/createStripeAccount", "POST");
      const { url } = await call("/api/createStripeAccountLinks", "POST");
      if (url) window.location.assign(url);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  }
  async function paypal() {
    setBusy("paypal");
    setError(null);
    try {
      // PayPal returns to /paypal-onboarding-complete with a single-use state issued by the server.
      const { url } = await call("/api/createPartnerReferral", "POST", { OrgId: organizationId });
      if (url) window.location.assign(url);
    } catch (e) {
      setError((e as Error).message);
    } finally {
      setBusy(null);
    }
  }
  return (
    <div className="space-y-3">
      <div className="flex flex-wrap gap-3">
        <Button onClick={stripe} loading={busy === "stripe"} disabled={!stripeConfigured}>
          Connect with Stripe
        </Button>
        <Button variant="outline" onClick={paypal} loading={busy === "paypal"} disabled={!paypalConfigured}>
          Connect with PayPal
        </Button>
      </div>
      {!stripeConfigured ? <p className="text-sm text-ink-muted">{messages.donation.providerUnavailable("Stripe")}</p> : null}
      {!paypalConfigured ? <p className="text-sm text-ink-muted">{messages.donation.paypalRequired}</p> : null}
      {error ? <Alert variant="error">{error}</Alert> : null}
    </div>
  );
}
