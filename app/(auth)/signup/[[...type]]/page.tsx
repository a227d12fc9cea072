import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { Building2, HeartHandshake } from "lucide-react";
import { Card } from "@/components/ui/card";
import { safeRedirectPath } from "@/lib/http/safe-redirect";
import { DonorSignupForm } from "./_components/donor-signup-form";
import { NonprofitSignup } from "./_components/nonprofit-signup";

export const metadata: Metadata = { title: "Sign up", robots: { index: false } };

const types = { individual: "individual", donor: "individual", nonprofit: "nonprofit" } as const;

/** /signup/:type? — choose an account type, then the donor or nonprofit form. */
export default async function SignupPage({
  params,
  searchParams,
}: {
  params: Promise<{ type?: string[] }>;
  searchParams: Promise<Record<string, string | string[] | undefined>>;
}) {
  const { type } = await params;
  const query = await searchParams;
  if (type && type.length > 1) notFound();
  const key = type?.[0] as keyof typeof types | undefined;
  if (key && !(key in types)) notFound();
  const accountType = key ? types[key] : undefined;
  const ein = typeof query.ein === "string" ? query.ein : "";
  // A donor who signs up in the middle of something (starting a fundraising page) goes back to it.
  const returnTo = typeof query.callbackUrl === "string" ? safeRedirectPath(query.callbackUrl, "") || null : null;

  if (!accountType) {
    return (
      <div>
        <h1 className="text-2xl font-bold text-ink sm:text-3xl">Join Givebridge</h1>
        <p className="mt-2 text-ink-muted">Choose the account that fits you.</p>
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <Link href="/signup/individual" className="group rounded-card focus-visible:outline-3 focus-visible:outline-brand-500">
            <Card interactive className="h-full">
              <HeartHandshake className="size-8 text-brand-700" aria-hidden="true" />
              <h2 className="mt-3 text-lg font-semibold text-ink">I want to give</h2>
              <p className="mt-1 text-sm text-ink-muted">
                Find causes near you, give securely, choose what you share, and track your giving and volunteer hours.
              </p>
            </Card>
          </Link>
          <Link href="/signup/nonprofit" className="group rounded-card focus-visible:outline-3 focus-visible:outline-brand-500">
            <Card interactive className="h-full">
              <Building2 className="size-8 text-brand-700" aria-hidden="true" />
              <h2 className="mt-3 text-lg font-semibold text-ink">I represent a nonprofit</h2>
              <p className="mt-1 text-sm text-ink-muted">
                Claim your organization&apos;s profile by its EIN, run fundraisers and see who supports you.
              </p>
            </Card>
          </Link>
        </div>
        <p className="mt-6 text-sm text-ink-muted">
          Already have an account?{" "}
          <Link href="/login" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            Log in
          </Link>
        </p>
      </div>
    );
  }

  return (
    <Card padding="lg">
      {accountType === "individual" ? (
        <>
          <h1 className="text-2xl font-bold text-ink">Create your donor account</h1>
          <p className="mt-1 text-ink-muted">Nothing about you is shared with a nonprofit unless you choose to.</p>
          <DonorSignupForm returnTo={returnTo} />
        </>
      ) : (
        <>
          <h1 className="text-2xl font-bold text-ink">Register your nonprofit</h1>
          <p className="mt-1 text-ink-muted">
            We know every US tax-exempt organization from the IRS directory. Enter your EIN to claim your profile.
          </p>
          <NonprofitSignup initialEin={ein} />
        </>
      )}
    </Card>
  );
}
