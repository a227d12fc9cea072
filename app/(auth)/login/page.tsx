import type { Metadata } from "next";
import Link from "next/link";
import { redirect } from "next/navigation";
import { Card } from "@/components/ui/card";
import { getSessionUser } from "@/lib/http/session";
import { safeRedirectPath } from "@/lib/http/safe-redirect";
import { LoginForm } from "./_components/login-form";

export const metadata: Metadata = { title: "Log in", robots: { index: false } };

export default async function LoginPage({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const params = await searchParams;
  // Only same-origin paths are followed after sign-in (lib/http/safe-redirect.ts).
  const callbackUrl = safeRedirectPath(params.callbackUrl, "/dashboard");
  if (await getSessionUser()) redirect(callbackUrl);
  return (
    <Card padding="lg">
      <h1 className="text-2xl font-bold text-ink">Log in to Givebridge</h1>
      <p className="mt-1 text-ink-muted">Donors and nonprofits use the same sign-in.</p>
      <LoginForm callbackUrl={callbackUrl} />
      <p className="mt-6 text-sm text-ink-muted">
        New here?{" "}
        {/* Someone sent here from the middle of something (a fundraising page) signs up as a donor and comes back to it. */}
        <Link className="font-semibold text-brand-700 underline-offset-4 hover:underline" href={params.callbackUrl ? `/signup/individual?callbackUrl=${encodeURIComponent(callbackUrl)}` : "/signup"}>
          Create an account
        </Link>
        {" · "}
        <Link className="font-semibold text-brand-700 underline-offset-4 hover:underline" href="/forgot">
          Forgot your password?
        </Link>
      </p>
    </Card>
  );
}
