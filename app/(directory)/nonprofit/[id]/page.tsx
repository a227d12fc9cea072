import type { Metadata } from "next";
import { notFound } from "next/navigation";
import { BadgeCheck, Building2, MapPin, Share2 } from "lucide-react";
import { UserAvatar } from "@/components/layout/user-avatar";
import { Alert } from "@/components/ui/alert";
import { LinkButton } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import { ProgressBar } from "@/components/ui/progress-bar";
import { getSessionUser } from "@/lib/auth/session";
import { isAppError } from "@/lib/errors";
import { formatCents, truncateCampaignName } from "@/lib/money";
import { listOrganizationCampaigns } from "@/lib/services/campaigns/list-campaigns";
import { getPublicOrganization } from "@/lib/services/organizations/get-organization";
import type { PublicOrganization } from "@/lib/services/organizations/organization-dto";
import { messages } from "@/lib/validations/messages";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

async function load(id: string): Promise<PublicOrganization | null> {
  try {
    return await getPublicOrganization(decodeURIComponent(id), await getSessionUser());
  } catch (err) {
    if (isAppError(err) && err.code === "not_found") return null;
    throw err;
  }
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const org = await load((await params).id);
  if (!org) return { title: "Organization not found" };
  const place = [org.address.city, org.address.state].filter(Boolean).join(", ");
  return {
    title: org.name,
    description: org.mission ?? org.description ?? `${org.name}${place ? ` in ${place}` : ""}: give securely on Givebridge.`,
    alternates: { canonical: `/nonprofit/${org._id}` },
  };
}

const deductibilityText = (org: PublicOrganization) =>
  org.taxDeductible === true
    ? "Gifts are tax-deductible."
    : org.taxDeductible === false
      ? "Gifts to this organization are not tax-deductible."
      : "Tax deductibility is not known.";

/** /nonprofit/:id — an organization's public profile (server-rendered, indexable). */
export default async function NonprofitProfilePage({ params, searchParams }: Props) {
  const [{ id }, query] = await Promise.all([params, searchParams]);
  const org = await load(id);
  if (!org) notFound();
  const user = await getSessionUser();
  const isOwner = user?.type === "nonprofit" && user.orgId === org._id;
  const campaigns = await listOrganizationCampaigns(org._id, { activeOnly: true, limit: 20 });
  const place = [org.address.city, org.address.state].filter(Boolean).join(", ");
  const openFundraisers = query.sec === "fundraiser";

  return (
    <div className="mx-auto w-full max-w-5xl px-4 py-8 sm:py-10">
      {isOwner && !org.live ? (
        <Alert variant="warning" className="mb-6" title="Only you can see this profile">
          {org.approvalStatus === "pending" ? "It will be published once our team approves your organization." : "Your profile is hidden."}
        </Alert>
      ) : null}
      <header className="flex flex-col gap-5 sm:flex-row sm:items-center">
        <UserAvatar src={org.images.logo} kind="organization" size={96} alt={`${org.name} logo`} />
        <div className="min-w-0 flex-1">
          <h1 className="text-2xl font-bold break-words text-ink sm:text-3xl">{org.name}</h1>
          <p className="mt-1 flex flex-wrap items-center gap-x-4 gap-y-1 text-sm text-ink-muted">
            {place ? (
              <span className="inline-flex items-center gap-1">
                <MapPin className="size-4" aria-hidden="true" /> {place}
              </span>
            ) : null}
            {org.category ? (
              <span className="inline-flex items-center gap-1">
                <Building2 className="size-4" aria-hidden="true" /> {org.category}
              </span>
            ) : null}
            {org.einFormatted ? <span>EIN {org.einFormatted}</span> : null}
          </p>
        </div>
        <div className="flex gap-2">
          {org.acceptsDonations ? (
            <LinkButton href={`/donation/${org._id}/direct`} variant="accent" size="lg">
              Donate
            </LinkButton>
          ) : null}
          <LinkButton href={`/nonprofit/${org._id}#share`} variant="outline" size="lg" leftIcon={<Share2 className="size-4" aria-hidden="true" />}>
            Share
          </LinkButton>
        </div>
      </header>

      {!org.claimed ? (
        <Alert
          variant="info"
          className="mt-6"
          title="Is this your organization?"
          action={
            <LinkButton href={`/signup/nonprofit?ein=${org.ein ?? ""}`} size="sm" variant="outline">
              Claim this organization
            </LinkButton>
          }
        >
          This profile comes from the IRS directory of tax-exempt organizations. Claim it to add your story and start fundraising.
        </Alert>
      ) : null}

      <div className="mt-8 grid gap-6 lg:grid-cols-[2fr_1fr]">
        <div className="space-y-6">
          <Card>
            <CardTitle as="h2">About</CardTitle>
            <p className="mt-3 whitespace-pre-line text-ink">
              {org.mission ?? org.description ?? `${org.name} is a tax-exempt organization${place ? ` based in ${place}` : ""}.`}
            </p>
            {org.mission && org.description ? <p className="mt-3 whitespace-pre-line text-ink-muted">{org.description}</p> : null}
          </Card>
          <Card id="fundraisers">
            <CardTitle as="h2">Fundraisers</CardTitle>
            {openFundraisers && isOwner ? (
              <p className="mt-2 text-sm text-ink-muted">Creating fundraisers from this page is on its way.</p>
            ) : null}
            {campaigns.length === 0 ? (
              <EmptyState className="mt-4" title={isOwner ? messages.organization.noCampaigns : "No active fundraisers right now."} />
            ) : (
              <ul className="mt-4 space-y-5">
                {campaigns.map((c) => (
                  <li key={c.id}>
                    <p className="flex flex-wrap justify-between gap-2">
                      <span className="font-semibold text-ink" title={c.name}>
                        {truncateCampaignName(c.name)}
                      </span>
                      <span className="text-sm text-ink-muted tabular-nums">
                        {formatCents(c.progressCents)} raised of {formatCents(c.goalCents)}
                      </span>
                    </p>
                    <ProgressBar
                      value={c.progressCents}
                      max={c.goalCents}
                      label={`${c.name}: raised toward the goal`}
                      valueText={`${formatCents(c.progressCents)} of ${formatCents(c.goalCents)}`}
                      showPercent
                      className="mt-1"
                    />
                    {org.acceptsDonations ? (
                      <LinkButton href={`/donation/${org._id}/${c.id}`} size="sm" variant="secondary" className="mt-2">
                        Give to this fundraiser
                      </LinkButton>
                    ) : null}
                  </li>
                ))}
              </ul>
            )}
          </Card>
        </div>
        <aside className="space-y-6">
          <Card>
            <CardTitle as="h2">Facts</CardTitle>
            <dl className="mt-3 space-y-3 text-sm">
              <div>
                <dt className="text-ink-muted">Tax status</dt>
                <dd className="flex items-start gap-1 text-ink">
                  {org.taxDeductible ? <BadgeCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" /> : null}
                  {org.subsection === "03" ? "501(c)(3) public charity or foundation. " : org.subsection ? `501(c)(${Number(org.subsection)}) organization. ` : ""}
                  {deductibilityText(org)}
                </dd>
              </div>
              {org.einFormatted ? (
                <div>
                  <dt className="text-ink-muted">EIN</dt>
                  <dd className="text-ink">{org.einFormatted}</dd>
                </div>
              ) : null}
              {org.nteeCode ? (
                <div>
                  <dt className="text-ink-muted">NTEE code</dt>
                  <dd className="text-ink">
                    {org.nteeCode}
                    {org.category ? ` · ${org.category}` : ""}
                  </dd>
                </div>
              ) : null}
              {org.rulingYear ? (
                <div>
                  <dt className="text-ink-muted">Tax-exempt since</dt>
                  <dd className="text-ink">{org.rulingYear}</dd>
                </div>
              ) : null}
            </dl>
          </Card>
        </aside>
      </div>
    </div>
  );
}
