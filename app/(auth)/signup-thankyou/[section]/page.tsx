import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CircleCheck } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { getSessionUser } from "@/lib/auth/session";
import { getPledgeSummary } from "@/lib/services/pledges/pledges";
import { LinkButton } from "@/components/ui/button";

export const metadata: Metadata = { title: "Welcome", robots: { index: false } };

const sections = {
  donor: {
    title: "Welcome to Givebridge!",
    body: "Your donor account is ready. Find a cause near you, and decide in your profile which details nonprofits may see when you give.",
    primary: { href: "/search", label: "Find a cause" },
  },
  nonprofit: {
    title: "Your organization is on Givebridge",
    body: "You have claimed your organization's profile. Complete it, connect payments and start your first fundraiser from your dashboard.",
    primary: { href: "/dashboard", label: "Go to your dashboard" },
  },
  pending: {
    title: "Thanks, we'll review your organization",
    body: "Our team checks every organization registered without an EIN. We'll email you once it is approved; until then it is hidden and cannot receive donations.",
    primary: { href: "/dashboard", label: "Go to your dashboard" },
  },
} as const;

/** /signup-thankyou/:section — after a donor, nonprofit or pending sign-up. */
export default async function SignupThankYouPage({ params }: { params: Promise<{ section: string }> }) {
  const { section } = await params;
  const content = sections[section as keyof typeof sections];
  if (!content) notFound();
  // At claim time: the pledges that wait for this organization's payment connection.
  const user = section === "nonprofit" ? await getSessionUser() : null;
  const pledges = user?.type === "nonprofit" && user.orgId ? await getPledgeSummary(user, user.orgId) : null;
  return (
    <Card padding="lg" className="text-center">
      <CircleCheck className="mx-auto size-12 text-brand-700" aria-hidden="true" />
      <h1 className="mt-4 text-2xl font-bold text-ink">{content.title}</h1>
      <p className="mt-2 text-ink-muted">{content.body}</p>
      {pledges?.message ? (
        <Alert variant="warning" className="mt-4 text-left" title={pledges.message}>
          Each donor gets one email with a link to give once your payments are connected.
        </Alert>
      ) : null}
      <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
        {pledges?.message ? <LinkButton href="/connect-payments">Connect payments</LinkButton> : null}
        <LinkButton href={content.primary.href}>{content.primary.label}</LinkButton>
        <LinkButton href="/dashboard" variant="outline">
          Dashboard
        </LinkButton>
      </div>
    </Card>
  );
}
