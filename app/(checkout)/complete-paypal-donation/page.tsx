import type { Metadata } from "next";
import { Alert } from "@/components/ui/alert";
import { CapturePaypal } from "./capture";

export const metadata: Metadata = { title: "Completing your PayPal donation" };

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /complete-paypal-donation — PayPal returns here with ?token=<order id>; the order is captured once. */
export default async function CompletePaypalDonationPage({ searchParams }: Props) {
  const q = await searchParams;
  const orderId = typeof q.token === "string" && /^[A-Z0-9]{5,40}$/i.test(q.token) ? q.token : null;
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-12">
      <h1 className="text-3xl font-extrabold tracking-tight">Completing your PayPal donation</h1>
      <div className="mt-6">{orderId ? <CapturePaypal orderId={orderId} /> : <Alert variant="error">This PayPal link is not valid.</Alert>}</div>
    </section>
  );
}
