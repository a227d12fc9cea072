import Link from "next/link";
import { Heart, History, Home, Plus, Search, Settings, UserPen } from "lucide-react";
import { UserAvatar } from "@/components/layout/user-avatar";
import type { SessionUser } from "@/lib/auth/types";
import type { SiteLinks } from "@/lib/config/links";
import { DashboardFooter } from "./dashboard-footer";
import { PopupTile } from "./popup-tile";
import { SettingsPanel } from "./settings-panel";
import { Tile } from "./tile";

/**
 * The donor dashboard (spec section 2): profile photo, full name, tiles Home Page, Search
 * Charities, Donation History, Edit My Profile, Account Settings (popup) and More+ (popup),
 * and the footer. On phones the General Info and Change Password panels are inline.
 */
export function DonorDashboard({ user, links, section }: { user: SessionUser; links: SiteLinks; section?: string }) {
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
        <UserAvatar src={user.profileImg} size={72} alt="Your profile photo" />
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
          <Tile title="Edit My Profile" description="Photo, name and what you share" icon={UserPen} href="/dashboard/profile" />
          <li className="max-nav:hidden">
            <PopupTile title="Account Settings" description="Password, email and phone" icon={Settings} defaultOpen={section === "settings"}>
              <SettingsPanel user={user} />
            </PopupTile>
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

      {section === "profile" ? (
        <section aria-labelledby="profile-heading" className="mt-8 rounded-card border border-slate-200 bg-white p-5">
          <h2 id="profile-heading" className="text-lg font-semibold text-ink">
            Edit My Profile
          </h2>
          <p className="mt-1 text-ink-muted">
            Your name and email: {fullName} · {user.email}. Photo, privacy preferences and demographics can be edited here soon.
          </p>
        </section>
      ) : null}

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

      <p className="mt-8 flex items-center gap-2 text-sm text-ink-muted">
        <Heart className="size-4 text-accent-600" aria-hidden="true" /> Thank you for giving with Givebridge.
      </p>
      <DashboardFooter links={links} />
    </div>
  );
}
