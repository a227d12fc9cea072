import type { Metadata } from "next";
import { Handshake } from "lucide-react";
import { BusinessForm } from "./_components/business-form";

export const metadata: Metadata = {
  title: "Businesses: sponsor and match gifts",
  description: "Sign your business up to sponsor nonprofits and match donations in your area.",
};

/** /business — the business sign-up form (solidify business connections). */
export default function BusinessPage() {
  return (
    <section className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-14 md:grid-cols-2">
      <div>
        <div className="mb-5 flex size-12 items-center justify-center rounded-full bg-accent-100 text-accent-700" aria-hidden="true">
          <Handshake className="size-6" />
        </div>
        <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">Partner with nonprofits near you</h1>
        <p className="mt-4 text-lg text-ink-muted">
          Sponsor a fundraiser or match your customers&apos; and employees&apos; gifts. Sign up and nonprofits in your area will see that
          your business wants to help; our team will follow up with next steps.
        </p>
      </div>
      <div className="rounded-card border border-slate-200 bg-white p-6 shadow-card">
        <BusinessForm />
      </div>
    </section>
  );
}
