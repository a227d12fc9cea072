import type { Metadata } from "next";
import { ForgotForm } from "./_components/forgot-form";

export const metadata: Metadata = { title: "Forgot password" };

/** /forgot — ask for a password reset link by email. */
export default function ForgotPage() {
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink">Forgot your password?</h1>
      <p className="mt-3 text-ink-muted">Enter the email of your Givebridge account and we will send you a link to choose a new password.</p>
      <ForgotForm />
    </section>
  );
}
