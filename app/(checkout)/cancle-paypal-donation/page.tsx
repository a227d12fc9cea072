import type { Metadata } from "next";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";

export const metadata: Metadata = { title: "PayPal donation cancelled" };

/** /cancle-paypal-donation (the spec's spelling) — the donor cancelled at PayPal; nothing was charged. */
export default function CancelPaypalDonationPage() {
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">PayPal donation cancelled</h1>
      <Alert variant="info" className="mt-6">
        You cancelled the payment at PayPal. Nothing was charged.
      </Alert>
      <LinkButton href="/" variant="outline" className="mt-6">
        Back to the home page
      </LinkButton>
    </section>
  );
}
