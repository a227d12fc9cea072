import type { Metadata } from "next";
import Link from "next/link";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { getSessionUser } from "@/lib/http/session";
import { ContactForm } from "./_components/contact-form";

export function generateMetadata(): Metadata {
  return publicPageMetadata({ title: "Contact Us", description: "Questions about a donation, your account or bringing your nonprofit to Givebridge? Send us a message.", path: "/contact" });
}

/** /contact — Contact Us: a form that sends through POST /api/sendFeedback and the mail queue. */
export default async function ContactPage() {
  const user = await getSessionUser();
  const name = user ? `${user.firstName ?? ""} ${user.lastName ?? ""}`.trim() || user.organization_company || "" : "";
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Contact Us</h1>
      <p className="mt-3 text-ink-muted">
        Questions about a donation, your account or bringing your nonprofit to Givebridge? Write to us and we will answer by email. For a receipt, look in
        your <Link href="/dashboard" className="font-semibold text-brand-700 underline">donation history</Link> first; for how we handle your data, see
        the <Link href="/privacy" className="font-semibold text-brand-700 underline">Privacy Policy</Link>.
      </p>
      <ContactForm defaults={user ? { userName: name, email: user.email } : {}} />
    </section>
  );
}
