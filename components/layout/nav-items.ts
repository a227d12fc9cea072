/**
 * The menus of the top navigation bar and the mobile drawer (spec section 2, "Top navigation
 * bar"), built from the resolved link map so desktop and mobile cannot drift apart.
 */
import type { LucideIcon } from "lucide-react";
import { Building2, LayoutDashboard, Mail, Search, Settings, Shield, Users } from "lucide-react";
import { sessionUserIs } from "@/lib/auth/account-type";
import type { SessionUser } from "@/lib/auth/types";
import type { SiteLinks } from "@/lib/config/links";

/** A menu link; `anonymousOnly`: offered only to visitors who are not signed in. */
export type NavItem = { label: string; href: string; anonymousOnly?: true };
export type NavGroup = { id: string; label: string; items: NavItem[] };

export type AccountItem =
  | { kind: "link"; label: string; href: string; icon: LucideIcon }
  | { kind: "logout"; label: "Log Out" };

/** For Donors menu. "Login" is only offered to visitors who are not signed in. */
export function forDonors(links: SiteLinks, signedIn: boolean): NavGroup {
  const items: NavItem[] = [
    { label: "How It Works", href: links.donorsHowItWorks },
    { label: "Fundraisers", href: links.fundraisers },
    { label: "Purpose Match", href: links.purposeMatch },
    { label: "Resources", href: links.donorResources },
    { label: "FAQ", href: links.donorFaq },
  ];
  if (!signedIn) items.push({ label: "Login", href: links.login, anonymousOnly: true });
  return { id: "donors", label: "For Donors", items };
}

export function forCharities(links: SiteLinks): NavGroup {
  return {
    id: "charities",
    label: "For Charities",
    items: [
      { label: "How It Works", href: links.charitiesHowItWorks },
      { label: "Grant Central", href: links.grantCentral },
      { label: "Plans & Pricing", href: links.plansPricing },
      { label: "Community Forum", href: links.communityForum },
      { label: "Influencers For Good", href: links.influencersForGood },
      { label: "FAQS", href: links.charitiesFaq },
      { label: "Resources", href: links.charityResources },
    ],
  };
}

export function about(links: SiteLinks): NavGroup {
  return {
    id: "about",
    label: "About",
    items: [
      { label: "About Us", href: links.aboutUs },
      { label: "Testimonials", href: links.testimonials },
      { label: "Blog", href: links.blog },
      { label: "FAQS", href: links.aboutFaq },
      { label: "Contact Us", href: links.contactUs },
    ],
  };
}

/** The three desktop dropdowns, in order. */
export function desktopMenus(links: SiteLinks, signedIn: boolean): NavGroup[] {
  return [forDonors(links, signedIn), forCharities(links), about(links)];
}

/** The drawer's accordion groups: Explore, For Donors, For Charities, About, Resources. */
export function drawerGroups(links: SiteLinks, signedIn: boolean): NavGroup[] {
  return [
    {
      id: "explore",
      label: "Explore",
      items: [
        { label: "Charities", href: links.charities },
        { label: "Fundraisers", href: links.fundraisers },
      ],
    },
    forDonors(links, signedIn),
    forCharities(links),
    about(links),
    {
      id: "resources",
      label: "Resources",
      items: [
        { label: "Donor Resources", href: links.donorResources },
        { label: "Charity Resources", href: links.charityResources },
        { label: "Grant Central", href: links.grantCentral },
        { label: "Blog", href: links.blog },
      ],
    },
  ];
}

/** The avatar menu for a signed-in user (Log Out last). */
export function accountItems(user: SessionUser, links: SiteLinks): AccountItem[] {
  const logout: AccountItem = { kind: "logout", label: "Log Out" };
  if (sessionUserIs(user, "nonprofit")) {
    return [
      { kind: "link", label: "Public Profile", href: user.orgId ? `/nonprofit/${encodeURIComponent(user.orgId)}` : "/404", icon: Building2 },
      { kind: "link", label: "Dashboard", href: "/dashboard", icon: LayoutDashboard },
      { kind: "link", label: "Search For Grants", href: links.searchForGrants, icon: Search },
      { kind: "link", label: "Community Forum", href: links.communityForum, icon: Users },
      { kind: "link", label: "Settings", href: "/dashboard/settings", icon: Settings },
      logout,
    ];
  }
  if (sessionUserIs(user, "admin")) {
    return [{ kind: "link", label: "Admin", href: "/admin", icon: Shield }, logout];
  }
  return [
    { kind: "link", label: "Dashboard", href: "/dashboard", icon: LayoutDashboard },
    // An icon the menu ships already: one more would weigh on every page's first load.
    { kind: "link", label: "My Fundraising Pages", href: "/fundraising-pages", icon: Users },
    { kind: "link", label: "Settings", href: "/dashboard/settings", icon: Settings },
    { kind: "link", label: "Contact Us", href: links.contactUs, icon: Mail },
    logout,
  ];
}

/** The name shown for the signed-in user: the organization for a nonprofit, else the person. */
export function displayName(user: SessionUser): string {
  const person = `${user.firstName} ${user.lastName}`.trim();
  if (sessionUserIs(user, "nonprofit")) return user.organization_company.trim() || person || user.email;
  return person || user.email;
}

