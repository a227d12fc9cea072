import type { Metadata } from "next";
import Link from "next/link";
import { notFound } from "next/navigation";
import { StartPageForm } from "@/components/supporter-pages/start-page-form";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { hasAccountType } from "@/lib/auth/can";
import { isAppError } from "@/lib/errors";
import { getActor } from "@/lib/http/session";
import { centsToDollarInput } from "@/lib/validations/fundraiser";
import { messages } from "@/lib/validations/messages";
import { listJoinableTeams } from "@/lib/services/supporter-pages/public-supporter-pages";
import { getSupporterPageStart } from "@/lib/services/supporter-pages/settings";
import { listMySupporterPages } from "@/lib/services/supporter-pages/supporter-pages";

export const metadata: Metadata = { title: "Start your own fundraiser", robots: { index: false } };

type Props = { params: Promise<{ id: string }>; searchParams: Promise<{ team?: string | string[] }> };

/**
 * /fundraiser/:id/start — "Start your own fundraiser": a supporter makes a page of their own for
 * the fundraiser (peer-to-peer). Anyone may fill the form; signing in (or up) keeps what they
 * typed and brings them back here to create the page.
 */
export default async function StartSupporterPage({ params, searchParams }: Props) {
  const fundraiserId = decodeURIComponent((await params).id);
  const { team } = await searchParams;
  const start = await getSupporterPageStart({ fundraiserId }).catch((err) => {
    if (isAppError(err) && err.code === "not_found") notFound();
    throw err;
  });
  const actor = await getActor();
  const here = `/fundraiser/${encodeURIComponent(fundraiserId)}/start${typeof team === "string" ? `?team=${encodeURIComponent(team)}` : ""}`;
  const mine = actor ? (await listMySupporterPages({ actor })).find((p) => p.campaignId === fundraiserId) : undefined;
  const teams = start.teamsAllowed ? await listJoinableTeams({ fundraiserId }) : [];
  let blocked: string | null = null;
  if (!start.enabled) blocked = messages.supporterPages.notEnabled;
  else if (start.status !== "active") blocked = messages.supporterPages.fundraiserEnded;
  else if (actor && !hasAccountType(actor, "donor")) blocked = messages.supporterPages.donorsOnly;

  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-8 sm:py-12">
      <p className="text-sm font-semibold tracking-wide text-accent-700 uppercase">
        <Link href={`/fundraiser/${encodeURIComponent(fundraiserId)}`} className="hover:underline">
          {start.name}
        </Link>
      </p>
      <h1 className="mt-2 text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">Start your own fundraiser</h1>
      <p className="mt-2 text-ink-muted">
        Make a page of your own for {start.name} and ask friends and family to give. Every gift goes straight to {start.organizationName}, which sends each donor a tax receipt.
      </p>
      <Card className="mt-6" padding="lg">
        {mine ? (
          <Alert variant="info" title="You already have a page for this fundraiser">
            <Link href={`/fundraising-pages/${encodeURIComponent(mine.id)}`} className="font-semibold text-brand-700 underline">
              Manage “{mine.title}”
            </Link>
          </Alert>
        ) : blocked ? (
          <Alert variant="warning">{blocked}</Alert>
        ) : (
          <StartPageForm
            fundraiserId={fundraiserId}
            fundraiserName={start.name}
            organizationName={start.organizationName}
            suggestedGoal={start.suggestedGoalCents ? centsToDollarInput(start.suggestedGoalCents) : ""}
            suggestedStory={start.story}
            teamsAllowed={start.teamsAllowed}
            teams={teams.map((t) => ({ id: t.id, name: t.name }))}
            teamId={typeof team === "string" && teams.some((t) => t.id === team) ? team : null}
            signedIn={Boolean(actor)}
            loginHref={`/login?callbackUrl=${encodeURIComponent(here)}`}
            signupHref={`/signup/individual?callbackUrl=${encodeURIComponent(here)}`}
          />
        )}
      </Card>
    </section>
  );
}
