import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { CircleCheck } from "lucide-react";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { can } from "@/lib/auth/can";
import { getActor } from "@/lib/http/session";
import { getPledgeSummary } from "@/lib/services/pledges/pledges";
import { LinkButton } from "@/components/ui/button";

export const metadata: Metadata = { title: "Welcome", robots: { index: false } };

const sections = {
  donor: {
    title: "Welcome to Givebridge!",
    body: "Your donor account is ready. Find a cause near you, and decide in your profile which details nonprofits may see when you give.",
    primary: { href: "/search?queryString=&searchCategory=NonProfits", label: "Find a cause" },
  },
  nonprofit: {
    title: "Your organization is on Givebridge",
    body: "You have claimed your organization's profile. Your next step: open your dashboard and connect payments, so your organization can receive donations. Your profile and first fundraiser come next.",
    primary: { href: "/dashboard", label: "Go to your dashboard" },
  },
  contest: {
    title: "Your contest is open",
    body: "Your account manages nothing yet. Verify that you speak for the organization, by an email at its own domain, a mailed letter or a document: if the current claim is not verified, you take over; otherwise an admin compares both and tells you by email.",
    primary: { href: "/dashboard/claim", label: "Verify now" },
  },
  pending: {
    title: "Thanks, we'll review your organization",
    body: "Our team checks every organization registered without an EIN. We'll email you once it is approved; until then it is hidden and cannot receive donations. Meanwhile you can prepare your profile from your dashboard.",
    primary: { href: "/dashboard", label: "Go to your dashboard" },
  },
} as const;

/** /signup-thankyou/:section — after a donor, nonprofit, contest or pending sign-up. */
export default async function SignupThankYouPage({ params }: { params: Promise<{ section: string }> }) {
  const { section } = await params;
  const content = sections[section as keyof typeof sections];
  if (!content) notFound();
  // At claim time: the pledges that wait for this organization's payment connection.
  const user = section === "nonprofit" ? await getActor() : null;
  const pledges = user?.organizationId && can(user, "pledge.view", { organizationId: user.organizationId }) ? await getPledgeSummary({ actor: user, organizationId: user.organizationId }) : null;
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
      {/* One clear next step: connecting payments first when donors are waiting. */}
      <LinkButton href={pledges?.message ? "/connect-payments" : content.primary.href} size="lg" className="mt-6">
        {pledges?.message ? "Connect payments" : content.primary.label}
      </LinkButton>
    </Card>
  );
}
