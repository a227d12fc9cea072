import {
  BadgeCheck,
  BarChart3,
  Briefcase,
  Eye,
  Handshake,
  HeartHandshake,
  Megaphone,
  Search,
  Sprout,
  TrendingUp,
  type LucideIcon,
} from "lucide-react";
import Link from "next/link";
import { SearchBox } from "@/components/layout/search-box";
import { LinkButton } from "@/components/ui/button";
import { Card, CardDescription, CardTitle } from "@/components/ui/card";
import { FundraiserCard } from "@/components/fundraisers/fundraiser-progress";
import { isBuildPhase } from "@/lib/env";
import { FEATURED_MOMENTUM_DAYS, listFeaturedFundraisers } from "@/lib/services/fundraisers/featured-fundraisers";

/** Spec section 1: the six benefit cards of the marketing home page. */
const benefits: { title: string; text: string; icon: LucideIcon }[] = [
  {
    title: "Accelerate collaboration",
    text: "Meet businesses, influencers and grant writers who want to team up with nonprofits like yours.",
    icon: Handshake,
  },
  {
    title: "Build exposure",
    text: "A public profile and shareable fundraisers put your mission in front of donors searching for causes near them.",
    icon: Megaphone,
  },
  {
    title: "Provide transparency",
    text: "Show donors where their money goes, with live fundraiser progress and a clear record of every gift.",
    icon: Eye,
  },
  {
    title: "Harness data",
    text: "Donation reports and fundraiser analytics show what works, so you can plan your next campaign with confidence.",
    icon: BarChart3,
  },
  {
    title: "Solidify business connections",
    text: "Turn one-off sponsors into lasting partners through wishlists, a marketplace and events they can join.",
    icon: Briefcase,
  },
  {
    title: "Fuel growth",
    text: "Accept card and bank gifts, and grow recurring support from the people who care.",
    icon: TrendingUp,
  },
];

const donorPoints = [
  "Find 501(c)(3) nonprofits by cause or location",
  "Give to a fundraiser or directly to an organization",
  "Choose what personal details you share when you donate",
  "Track your donations in one place",
];

const nonprofitPoints = [
  "Claim your organization with its EIN",
  "Run fundraisers and share them in one click",
  "Get paid through Stripe or PayPal",
  "See donation reports and download them as CSV",
];

/** Home (spec section 1): hero with search, how it works for donors and nonprofits, featured fundraisers. */
export async function HomeView() {
  // `next build` prerenders this page without a database; that render is never served
  // (lib/env.ts isBuildPhase), the first request renders home with its fundraisers.
  const featured = isBuildPhase() ? [] : await listFeaturedFundraisers({ limit: 6 });
  return (
    <>
      <section className="relative overflow-hidden bg-gradient-to-b from-brand-50 via-white to-white">
        {/* A soft glow drawn as a radial gradient: the blurred circle it replaces cost phones
            tens of milliseconds to paint before the first frame could show. */}
        <div
          className="pointer-events-none absolute -top-40 -right-40 size-[32rem] bg-[radial-gradient(closest-side,var(--color-accent-100)_45%,transparent)] opacity-70"
          aria-hidden="true"
        />
        <div className="relative mx-auto max-w-site px-4 pt-12 pb-16 sm:px-6 sm:pt-20 sm:pb-24">
          <div className="mx-auto max-w-3xl text-center">
            <p className="inline-flex items-center gap-2 rounded-full bg-white px-3.5 py-1.5 text-xs font-semibold sm:text-sm text-brand-800 shadow-sm ring-1 ring-brand-100">
              <HeartHandshake className="size-4 text-accent-600" aria-hidden="true" />
              For donors and nonprofits across the US
            </p>
            <h1 className="mt-6 text-4xl font-extrabold tracking-tight text-brand-950 sm:text-5xl lg:text-6xl">
              Giving that builds a bridge between <span className="text-brand-700">people</span> and{" "}
              <span className="text-accent-600">causes</span>
            </h1>
            <p className="mx-auto mt-5 max-w-2xl text-lg leading-relaxed text-ink-muted sm:text-xl">
              Donors find and support the nonprofits that matter to them. Nonprofits get one dashboard for
              fundraising, payments, partnerships and the numbers behind their impact.
            </p>
            <div className="mx-auto mt-8 max-w-xl">
              <SearchBox size="lg" />
            </div>
            <div className="mt-6 flex flex-col justify-center gap-3 sm:flex-row">
              <LinkButton href="/search" size="lg" leftIcon={<Search className="size-5" aria-hidden="true" />}>
                Find a cause
              </LinkButton>
              <LinkButton href="/signup/nonprofit" size="lg" variant="outline" leftIcon={<Sprout className="size-5" aria-hidden="true" />}>
                Register your nonprofit
              </LinkButton>
            </div>
          </div>
        </div>
      </section>

      {featured.length ? (
        <section aria-labelledby="fundraisers-title" className="mx-auto w-full max-w-site px-4 pt-4 pb-8 sm:px-6">
          <div className="flex flex-wrap items-end justify-between gap-3">
            <div>
              <p className="text-sm font-bold tracking-widest text-accent-700 uppercase">Live now</p>
              <h2 id="fundraisers-title" className="mt-1 text-2xl font-extrabold tracking-tight sm:text-3xl">
                Fundraisers you can support today
              </h2>
            </div>
            <Link href="/search?queryString=&searchCategory=Campaigns" className="font-semibold text-brand-700 underline-offset-4 hover:underline">
              See all fundraisers <span aria-hidden="true">→</span>
            </Link>
          </div>
          <ul className="mt-6 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
            {featured.map((c) => (
              <li key={c._id} data-testid="featured-fundraiser">
                <Card padding="none" className="h-full">
                  <FundraiserCard fundraiser={c} recent={{ days: FEATURED_MOMENTUM_DAYS }} />
                </Card>
              </li>
            ))}
          </ul>
        </section>
      ) : null}

      <section aria-labelledby="benefits-title" className="mx-auto w-full max-w-site px-4 py-16 sm:px-6 sm:py-20">
        <div className="mx-auto max-w-2xl text-center">
          <p className="text-sm font-bold tracking-widest text-accent-700 uppercase">Why Givebridge</p>
          <h2 id="benefits-title" className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
            Everything a nonprofit needs to grow its community of support
          </h2>
        </div>
        <ul className="mt-12 grid gap-5 sm:grid-cols-2 lg:grid-cols-3">
          {benefits.map(({ title, text, icon: Icon }) => (
            <li key={title}>
              <Card className="h-full">
                <div className="mb-4 flex size-11 items-center justify-center rounded-xl bg-brand-100 text-brand-700" aria-hidden="true">
                  <Icon className="size-6" />
                </div>
                <CardTitle>{title}</CardTitle>
                <CardDescription>{text}</CardDescription>
              </Card>
            </li>
          ))}
        </ul>
      </section>

      <section aria-labelledby="audiences-title" className="bg-surface-muted">
        <div className="mx-auto max-w-site px-4 py-16 sm:px-6 sm:py-20">
          <h2 id="audiences-title" className="sr-only">
            How Givebridge works for you
          </h2>
          <div className="grid gap-6 lg:grid-cols-2">
            <Card padding="lg" className="flex flex-col">
              <h3 className="text-2xl font-bold">For donors</h3>
              <p className="mt-2 text-ink-muted">Give with confidence to causes you can see and follow.</p>
              <ul className="mt-5 space-y-3">
                {donorPoints.map((p) => (
                  <li key={p} className="flex gap-3">
                    <BadgeCheck className="mt-0.5 size-5 shrink-0 text-brand-600" aria-hidden="true" />
                    <span>{p}</span>
                  </li>
                ))}
              </ul>
              <div className="mt-auto flex flex-wrap gap-3 pt-8">
                <LinkButton href="/search">Find a cause</LinkButton>
                <LinkButton href="/signup" variant="ghost">
                  Create a donor account
                </LinkButton>
              </div>
            </Card>
            <Card padding="lg" className="flex flex-col">
              <h3 className="text-2xl font-bold">For nonprofits</h3>
              <p className="mt-2 text-ink-muted">Your dashboard is ready the moment you register.</p>
              <ul className="mt-5 space-y-3">
                {nonprofitPoints.map((p) => (
                  <li key={p} className="flex gap-3">
                    <BadgeCheck className="mt-0.5 size-5 shrink-0 text-accent-600" aria-hidden="true" />
                    <span>{p}</span>
                  </li>
                ))}
              </ul>
              <div className="mt-auto flex flex-wrap gap-3 pt-8">
                <LinkButton href="/signup/nonprofit" variant="accent">
                  Register your nonprofit
                </LinkButton>
                <LinkButton href="/how-it-works/charities" variant="ghost">
                  How it works
                </LinkButton>
              </div>
            </Card>
          </div>
        </div>
      </section>
    </>
  );
}
