import type { Metadata } from "next";
import { SubscribeForm } from "./_components/subscribe-form";

export const metadata: Metadata = { title: "Subscribe" };

/** /subscribe — the newsletter sign-up (POST /api/subscribe). */
export default function SubscribePage() {
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Get Givebridge news</h1>
      <p className="mt-3 text-ink-muted">Stories from nonprofits near you, new fundraisers and ways to help, about once a month.</p>
      <SubscribeForm />
    </section>
  );
}
