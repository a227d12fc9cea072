import Link from "next/link";
import { Suspense } from "react";
import { Heart, History, Home, Plus, Search } from "lucide-react";
import { ProfilePhotoUpload } from "@/components/image-upload";
import type { Actor } from "@/lib/auth/actor";
import type { SessionUser } from "@/lib/auth/types";
import type { SiteLinks } from "@/lib/config/links";
import { baseUrl } from "@/lib/env";
import { getDonorSummary } from "@/lib/services/rewards/donor-rewards";
import { listMyStories, supportedOrganizations } from "@/lib/services/stories/impact-stories";
import { getUserPreferences } from "@/lib/services/users/user-preferences";
import { listMyVolunteerHours } from "@/lib/services/volunteering/volunteer-hours";
import { DashboardFooter } from "./dashboard-footer";
import { DeleteAccount } from "./delete-account";
import { DonorProfileModal } from "./donor-profile-modal";
import { DonorSettingsModal } from "./donor-settings-modal";
import { DonorSharingLog, DonorSharingLogSkeleton } from "./donor-sharing-log";
import { DonorStories } from "./donor-stories";
import { DonorSummaryCard } from "./donor-summary";
import { DonorVolunteer } from "./donor-volunteer";
import { PopupTile } from "./popup-tile";
import { SettingsPanel } from "./settings-panel";
import { Tile } from "./tile";

/**
 * The donor dashboard (spec section 2): profile photo, full name, tiles Home Page, Search
 * Charities, Donation History, Edit My Profile, Account Settings (popup) and More+ (popup),
 * the sharing log (which organizations saw which of the fields the donor shares, and when) and
 * the footer. On phones the General Info and Change Password panels are inline.
 */
export async function DonorDashboard({ user, actor, links, section }: { user: SessionUser; actor: Actor; links: SiteLinks; section?: string }) {
  const now = new Date();
  const [summary, volunteering, stories, supported, initialPreferences] = await Promise.all([
    getDonorSummary({ actor, donorId: actor.id, now }),
    listMyVolunteerHours({ actor }),
    listMyStories({ actor }),
    supportedOrganizations({ actor }),
    section === "profile" ? getUserPreferences({ actor, userId: actor.id }) : Promise.resolve(undefined),
  ]);
  const fullName = `${user.firstName} ${user.lastName}`.trim() || user.email;
  const more = [
    { label: "For Donors", href: links.donorsHowItWorks },
    { label: "About Us", href: links.aboutUs },
    { label: "Blog", href: links.blog },
    { label: "FAQ", href: links.donorFaq },
  ];
  return (
    <div>
      <header className="flex items-center gap-4">
        <ProfilePhotoUpload userId={user._id} profileImg={user.profileImg} />
        <div className="min-w-0">
          <p className="text-sm font-medium text-ink-muted">Donor dashboard</p>
          <h1 className="truncate text-2xl font-bold text-ink sm:text-3xl">{fullName}</h1>
        </div>
      </header>

      <nav aria-label="Donor dashboard" className="mt-8">
        <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-3">
          <Tile title="Home Page" description="Back to the Givebridge home page" icon={Home} href="/" />
          <Tile title="Search Charities" description="Find causes near you" icon={Search} href="/search" />
          <Tile title="Donation History" description="Your gifts and receipts" icon={History} href={`/donor/${user._id}`} />
          <li>
            <DonorProfileModal user={user} initialPreferences={initialPreferences} />
          </li>
          <li className="max-nav:hidden">
            <DonorSettingsModal user={user} defaultOpen={section === "settings"} />
          </li>
          <li>
            <PopupTile title="More+" description="Help and information" icon={Plus} popupTitle="More">
              <ul className="space-y-2">
                {more.map((m) => (
                  <li key={m.label}>
                    <Link href={m.href} className="block rounded-control px-3 py-2 font-medium text-brand-800 hover:bg-brand-50">
                      {m.label}
                    </Link>
                  </li>
                ))}
              </ul>
            </PopupTile>
          </li>
        </ul>
      </nav>

      <DonorSummaryCard summary={summary} year={now.getUTCFullYear()} />
      <DonorVolunteer entries={volunteering.entries} totals={volunteering.totals} />
      <DonorStories stories={stories} organizations={supported} origin={baseUrl()} />
      <Suspense fallback={<DonorSharingLogSkeleton />}>
        <DonorSharingLog actor={actor} />
      </Suspense>

      {/* Phones: General Info and Change Password inline instead of the settings popup. */}
      <section aria-labelledby="mobile-settings" className="mt-8 nav:hidden">
        <h2 id="mobile-settings" className="text-lg font-semibold text-ink">
          General Info
        </h2>
        <dl className="mt-3 grid gap-2 rounded-card border border-slate-200 bg-white p-4 text-sm">
          <div>
            <dt className="text-ink-muted">Name</dt>
            <dd className="font-medium text-ink">{fullName}</dd>
          </div>
          <div>
            <dt className="text-ink-muted">Email</dt>
            <dd className="font-medium break-all text-ink">{user.email}</dd>
          </div>
        </dl>
        <h2 className="mt-6 text-lg font-semibold text-ink">Change Password</h2>
        <div className="mt-3 rounded-card border border-slate-200 bg-white p-4">
          <SettingsPanel user={user} passwordOnly />
        </div>
      </section>

      <div className="mt-8 flex flex-wrap items-center justify-between gap-2">
        <p className="flex items-center gap-2 text-sm text-ink-muted">
          <Heart className="size-4 text-accent-600" aria-hidden="true" /> Thank you for giving with Givebridge.
        </p>
        <DeleteAccount kind="individual" />
      </div>
      <DashboardFooter links={links} />
    </div>
  );
}
