import {
  Bell,
  CreditCard,
  Gift,
  HandCoins,
  History,
  Link2,
  Megaphone,
  MessagesSquare,
  PenLine,
  PlusCircle,
  Search,
  Settings,
  ShoppingBag,
  UserPlus,
  Users,
} from "lucide-react";
import { legalNameLine } from "@/lib/validations/legal-name";
import Link from "next/link";
import QRCode from "qrcode";
import { InterestedBusinessesCard } from "@/components/business/interested-businesses-card";
import { FundraiserProgress } from "@/components/fundraisers/fundraiser-progress";
import { LinksManager } from "@/components/organization-links/links-manager";
import { OrganizationLogoUpload } from "@/components/image-upload";
import { Alert } from "@/components/ui/alert";
import { Card, CardTitle } from "@/components/ui/card";
import { EmptyState } from "@/components/ui/empty-state";
import type { Actor } from "@/lib/auth/actor";
import type { SessionUser } from "@/lib/auth/types";
import type { SiteLinks } from "@/lib/config/links";
import { displayDonationStatus, fundraiserLabel } from "@/lib/donations/labels";
import { baseUrl } from "@/lib/env";
import { formatCents, truncateFundraiserName } from "@/lib/money";
import { listOrganizationFundraisers } from "@/lib/services/fundraisers/list-fundraisers";
import { listRecentDonations } from "@/lib/services/donations/list-recent-donations";
import { getOwnOrganization } from "@/lib/services/organizations/get-organization";
import { getPledgeSummary } from "@/lib/services/pledges/pledges";
import { listOrganizationLinks } from "@/lib/services/organizations/list-organization-links";
import { listUpdateNotices } from "@/lib/services/updates/list-update-notices";
import { messages } from "@/lib/validations/messages";
import { ApiKeysTile } from "./api-keys-tile";
import { CopyLink } from "./copy-link";
import { EmbedTile } from "./embed-tile";
import { PopupTile } from "./popup-tile";
import { SettingsPanel } from "./settings-panel";
import { Tile } from "./tile";
import { VolunteerReviewCard } from "./volunteer-review";
import { WebhooksTile } from "./webhooks-tile";

/**
 * The nonprofit dashboard (spec section 2): the organization's name, the tiles, and the
 * donations and Active Fundraisers Progress cards. Most tools are desktop only; phones see a
 * message asking to use a desktop.
 */
export async function NonprofitDashboard({ user, actor, links, section }: { user: SessionUser; actor: Actor; links: SiteLinks; section?: string }) {
  const org = await getOwnOrganization({ actor });
  const [activeFundraisers, recent, wishlist, marketplace, notices] = await Promise.all([
    listOrganizationFundraisers({ organizationId: org._id, activeOnly: true, limit: 10 }),
    listRecentDonations({ actor, organizationId: org._id, limit: 5 }),
    listOrganizationLinks({ organizationId: org._id, kind: "wishlist" }),
    listOrganizationLinks({ organizationId: org._id, kind: "marketplace" }),
    listUpdateNotices({ limit: 10 }),
  ]);
  const pledges = org.acceptsDonations ? null : await getPledgeSummary({ actor, organizationId: org._id });
  const site = baseUrl();
  const profileUrl = `${site}/nonprofit/${org.nickname ?? org._id}`;
  const profileQr = await QRCode.toDataURL(profileUrl, { margin: 1, width: 200, errorCorrectionLevel: "M" });

  return (
    <div>
      <header className="flex items-center gap-4">
        <OrganizationLogoUpload organizationId={org._id} logoUrl={org.images.logo} />
        <div className="min-w-0">
          <p className="text-sm font-medium text-ink-muted">Nonprofit dashboard</p>
          <h1 className="text-2xl font-bold break-words text-ink sm:text-3xl">{org.name}</h1>
          {legalNameLine(org) ? <p className="text-sm text-ink-muted">{legalNameLine(org)}</p> : org.einFormatted ? <p className="text-sm text-ink-muted">EIN {org.einFormatted}</p> : null}
        </div>
      </header>

      {org.claimPending ? (
        <Alert
          variant="warning"
          className="mt-6"
          title={messages.claims.pendingBanner}
          action={
            <Link href="/dashboard/claim" className="text-sm font-semibold text-brand-700 underline">
              Verify your claim
            </Link>
          }
        >
          {messages.claims.verifyFirst}
        </Alert>
      ) : null}

      {org.approvalStatus === "pending" ? (
        <Alert variant="warning" className="mt-6" title="Waiting for approval">
          Our team is reviewing your organization. It stays hidden and cannot receive donations until it is approved.
        </Alert>
      ) : null}

      {!org.acceptsDonations && org.approvalStatus === "approved" && !org.claimPending ? (
        <Alert
          variant="warning"
          className="mt-6"
          title={pledges?.message ?? "Connect payments to receive gifts"}
          action={
            <Link href="/connect-payments" className="text-sm font-semibold text-brand-700 underline">
              Connect payments
            </Link>
          }
        >
          Donors cannot give to your organization until a payment account is connected; until then they can only pledge.
        </Alert>
      ) : null}

      <Alert variant="info" className="mt-6 nav:hidden">
        Most dashboard features are available on desktop only. Please visit your dashboard on a desktop computer to manage your
        profile, payments and fundraisers.
      </Alert>

      <nav aria-label="Nonprofit dashboard" className="mt-8">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-4">
          <Tile title="Edit My Profile" description="Your public profile" icon={PenLine} href={`/nonprofit/${org._id}`} desktopOnly />
          <Tile title="Connect Payments" description="Stripe or PayPal" icon={CreditCard} href="/connect-payments" desktopOnly />
          <Tile title="Manage Donations" description="Reports and exports" icon={HandCoins} href="/manage-pay" desktopOnly />
          <Tile title="Members" description="Invite colleagues" icon={UserPlus} href="/dashboard/members" />
          <li className="max-nav:hidden">
            <PopupTile title="Manage Wishlist" description="Items you need" icon={Gift} defaultOpen={section === "wishlist"}>
              <LinksManager organizationId={org._id} kind="wishlist" initialLinks={wishlist} />
            </PopupTile>
          </li>
          <li className="max-nav:hidden">
            <PopupTile title="Manage Marketplace" description="Your shop" icon={ShoppingBag} defaultOpen={section === "marketplace"}>
              <LinksManager organizationId={org._id} kind="marketplace" initialLinks={marketplace} />
            </PopupTile>
          </li>
          <Tile title="Search For Grants" description="Grant Central" icon={Search} href={links.searchForGrants} desktopOnly />
          <Tile title="Community Forum" description="Talk with peers" icon={MessagesSquare} href={links.communityForum} desktopOnly />
          <Tile title="Collaborate With Influencers" icon={Megaphone} href={links.collaborateWithInfluencers} desktopOnly />
          <Tile title="Connect With Grant Writers" icon={Users} href={links.grantWriters} desktopOnly />
          <li>
            <PopupTile title="Your Links" description="Share your pages" icon={Link2} defaultOpen={section === "links"}>
              <div className="space-y-4">
                <CopyLink label="Public profile" url={profileUrl} />
                <figure className="flex flex-wrap items-center gap-4">
                  {/* eslint-disable-next-line @next/next/no-img-element -- a data URL made on the server: nothing to optimise or fetch */}
                  <img src={profileQr} width={120} height={120} alt={`QR code linking to ${profileUrl}`} className="rounded-control border border-slate-200" />
                  <figcaption className="text-sm text-ink-muted">
                    Print it on flyers and posters: it opens your public profile.
                    <a href={profileQr} download={`${org.nickname ?? "givebridge"}-profile-qr.png`} className="mt-1 block font-semibold text-brand-700 hover:underline">
                      Download QR code
                    </a>
                  </figcaption>
                </figure>
                <CopyLink label="Donate" url={`${site}/donation/${org._id}/direct`} />
                {activeFundraisers.map((c) => (
                  <CopyLink key={c._id} label={`Fundraiser: ${c.name}`} url={`${site}/donation/${org._id}/${c._id}`} />
                ))}
                <p className="text-sm text-ink-muted">
                  Want the donate form on your own website?{" "}
                  {/* eslint-disable-next-line @next/next/no-html-link-for-pages -- a full load closes this popup and opens the Embed one (a client navigation keeps the open popup's state) */}
                  <a href="/dashboard/embed" className="font-semibold text-brand-700 hover:underline">
                    Get the embed code
                  </a>
                </p>
              </div>
            </PopupTile>
          </li>
          <EmbedTile organizationId={org._id} organizationName={org.name} receivesGifts={org.acceptsDonations} defaultOpen={section === "embed"} />
          <li>
            <PopupTile title="What's New" description="Platform updates" icon={Bell} defaultOpen={section === "whats-new"}>
              {notices.length === 0 ? (
                <p className="text-ink-muted">No updates yet.</p>
              ) : (
                <ul className="space-y-4">
                  {notices.map((n) => (
                    <li key={n._id}>
                      <p className="font-semibold text-ink">{n.title}</p>
                      <p className="text-sm text-ink-muted">{n.description}</p>
                      <p className="mt-1 text-xs text-ink-subtle">
                        {n.createdAt.toLocaleDateString("en-US", { dateStyle: "medium" })}
                        {n.link ? (
                          <>
                            {" · "}
                            <a href={n.link} className="text-brand-700 hover:underline" target="_blank" rel="noopener noreferrer">
                              Read more
                            </a>
                          </>
                        ) : null}
                      </p>
                    </li>
                  ))}
                </ul>
              )}
            </PopupTile>
          </li>
          <Tile title="Account Activity" description="Claim, renames and payouts" icon={History} href="/dashboard/activity" />
          <ApiKeysTile user={actor} defaultOpen={section === "api-keys"} />
          <li className="max-nav:hidden">
            <PopupTile title="Account Settings" description="Email and password" icon={Settings} defaultOpen={section === "settings"}>
              <SettingsPanel user={user} contactEmail={org.email} />
            </PopupTile>
          </li>
          <Tile title="Create Fundraiser" description="Start a campaign" icon={PlusCircle} href={`/nonprofit/${org._id}?sec=fundraiser`} desktopOnly />
          <WebhooksTile user={actor} section={section} />
        </ul>
      </nav>

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <Card>
          <CardTitle as="h2">Donations</CardTitle>
          {recent.length === 0 ? (
            <EmptyState title={messages.report.empty} className="mt-4" />
          ) : (
            <ul className="mt-4 divide-y divide-slate-100">
              {recent.map((d) => (
                <li key={d.id} className="flex items-center justify-between gap-3 py-2 text-sm">
                  <span className="min-w-0">
                    <span className="block truncate font-medium text-ink">{fundraiserLabel(d.fundraiser)}</span>
                    <span className="text-ink-muted">
                      {d.createdAt.toLocaleDateString("en-US", { dateStyle: "medium" })} · {displayDonationStatus(d.status)}
                      {d.donorName ? ` · ${d.donorName}` : ""}
                    </span>
                  </span>
                  <span className="font-semibold text-ink tabular-nums">{formatCents(d.amountCents)}</span>
                </li>
              ))}
            </ul>
          )}
          <Link href="/manage-pay" className="mt-4 inline-block text-sm font-semibold text-brand-700 hover:underline">
            Manage Donations
          </Link>
        </Card>
        <Card>
          <CardTitle as="h2">Active Fundraisers Progress</CardTitle>
          {activeFundraisers.length === 0 ? (
            <EmptyState title={messages.organization.noCampaigns} className="mt-4" />
          ) : (
            <ul className="mt-4 space-y-4">
              {activeFundraisers.map((c) => (
                <li key={c._id}>
                  <p className="flex justify-between gap-2 text-sm">
                    <Link href={`/fundraiser/${c._id}`} className="font-medium text-brand-700 hover:underline" title={c.name} aria-label={c.name}>
                      {truncateFundraiserName(c.name)}
                    </Link>
                    <span className="text-ink-muted tabular-nums">
                      {formatCents(c.progress)} of {formatCents(c.goal)}
                    </span>
                  </p>
                  <FundraiserProgress name={c.name} progressCents={c.progress} goalCents={c.goal} className="mt-1" />
                </li>
              ))}
            </ul>
          )}
        </Card>
        <InterestedBusinessesCard user={actor} />
        <VolunteerReviewCard user={actor} />
      </div>
    </div>
  );
}
