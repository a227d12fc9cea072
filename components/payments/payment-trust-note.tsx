import { Lock } from "lucide-react";
import type { CheckoutFlow } from "@/lib/embed/paths";

/** What each provider does with the payment details, in words that claim nothing more. */
const PROVIDER_NOTE: Record<"sandbox" | "stripe" | "paypal", string> = {
  stripe: "Secure payment by Stripe: your card or bank details go straight to Stripe, never to Givebridge.",
  paypal: "Secure payment by PayPal: you approve the payment on PayPal's own site.",
  sandbox: "Test payment by the Givebridge sandbox: only test cards work and no real money moves.",
};

/**
 * The line under the checkout's pay button: a lock with the payment provider's name (what it
 * really does, per provider) and the Terms and Privacy links. Inside the embedded form the
 * links open on Givebridge in a new tab.
 */
export function PaymentTrustNote({ provider, flow }: { provider: "sandbox" | "stripe" | "paypal"; flow: CheckoutFlow }) {
  const newTab = flow === "embed" ? ({ target: "_blank", rel: "noopener" } as const) : {};
  const tabNote = flow === "embed" ? <span className="sr-only"> (opens in a new tab)</span> : null;
  return (
    <div className="space-y-1 text-center text-sm text-ink-muted" data-testid="payment-trust-note">
      <p className="flex items-start justify-center gap-1.5">
        <Lock className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
        <span>{PROVIDER_NOTE[provider]}</span>
      </p>
      <p>
        By donating you agree to the{" "}
        <a href="/terms" className="font-semibold text-brand-700 underline-offset-2 hover:underline" {...newTab}>
          Terms of Service{tabNote}
        </a>{" "}
        and the{" "}
        <a href="/privacy" className="font-semibold text-brand-700 underline-offset-2 hover:underline" {...newTab}>
          Privacy Policy{tabNote}
        </a>
        .
      </p>
    </div>
  );
}
