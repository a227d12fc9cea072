import { HandCoins, HeartHandshake, Mail, Search, ShieldCheck, Sprout, UsersRound, type LucideIcon } from "lucide-react";
import type { Metadata } from "next";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { searchHref } from "@/components/layout/routes";
import { LinkButton } from "@/components/ui/button";
import { Card } from "@/components/ui/card";
import { siteLinks } from "@/lib/config/links";

/** Static text: rendered once at build time and served from cache. */
export const dynamic = "force-static";

export function generateMetadata(): Metadata {
  return publicPageMetadata({ title: "About Us", description: "What Givebridge is, how it works for donors and for nonprofits, and how to reach us.", path: "/about" });
}

type Step = { title: string; text: string; icon: LucideIcon };

const donorSteps: Step[] = [
  { title: "Find a cause", text: "Search nonprofits and fundraisers by cause, city, state or ZIP code.", icon: Search },
  { title: "Give your way", text: "Donate by card or bank account, to a fundraiser or directly.", icon: HandCoins },
  { title: "Share what you choose", text: "Decide which details (name, email, location, phone, gender, age) a nonprofit sees when you give.", icon: ShieldCheck },
];

const charitySteps: Step[] = [
  { title: "Register your organization", text: "Sign up as a nonprofit and claim your organization's profile.", icon: Sprout },
  { title: "Connect payments", text: "Link Stripe or PayPal so donations reach your account.", icon: HandCoins },
  { title: "Grow your support", text: "Run fundraisers, share your links, publish a wishlist and follow your donations in reports.", icon: UsersRound },
];

const faqs = [
  {
    q: "What is Givebridge?",
    a: "Givebridge is a charitable-giving platform that connects US nonprofits with donors. Donors find and support causes; nonprofits get a dashboard for fundraising, payments, partnerships and donation analytics.",
  },
  {
    q: "Who can register as a nonprofit?",
    a: "US nonprofit organizations, such as 501(c)(3) public charities. You can find your organization by its EIN when you register.",
  },
  {
    q: "Do I need an account to donate?",
    a: "No account is needed to search. A donor account lets you follow your donation history, edit your profile and choose what you share with the nonprofits you support.",
  },
  {
    q: "What do nonprofits see about me when I donate?",
    a: "Only what you allow. In your profile's preferences you choose whether your name, email, location, phone, gender and age are shared.",
  },
  {
    q: "How are fundraisers tracked?",
    a: "Each fundraiser has a goal and shows its progress as a percentage, so donors and the nonprofit can see how close it is.",
  },
];

function Steps({ steps }: { steps: Step[] }) {
  return (
    <ol className="mt-8 grid gap-5 md:grid-cols-3">
      {steps.map(({ title, text, icon: Icon }, i) => (
        <li key={title}>
          <Card className="h-full">
            <div className="flex items-center gap-3">
              <span className="flex size-10 items-center justify-center rounded-full bg-brand-100 text-brand-700" aria-hidden="true">
                <Icon className="size-5" />
              </span>
              <span className="text-sm font-bold text-ink-subtle">Step {i + 1}</span>
            </div>
            <h3 className="mt-4 text-lg font-bold">{title}</h3>
            <p className="mt-1.5 text-[0.95rem] leading-relaxed text-ink-muted">{text}</p>
          </Card>
        </li>
      ))}
    </ol>
  );
}

export default function AboutPage() {
  const links = siteLinks();
  const contactElsewhere = links.contactUs !== "/about#contact";
  return (
    <>
      <section className="bg-gradient-to-b from-brand-50 to-white">
        <div className="mx-auto max-w-3xl px-4 py-16 text-center sm:px-6 sm:py-20">
          <p className="text-sm font-bold tracking-widest text-accent-700 uppercase">About Givebridge</p>
          <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-brand-950 sm:text-5xl">
            A bridge between generous people and the nonprofits doing the work
          </h1>
          <p className="mt-5 text-lg leading-relaxed text-ink-muted">
            Givebridge helps donors give where it counts and gives US nonprofits the tools for marketing,
            collaboration, budgeting, fundraisers and donation analytics, all in one place.
          </p>
        </div>
      </section>

      <section id="donors" aria-labelledby="donors-title" className="mx-auto w-full max-w-site scroll-mt-24 px-4 py-14 sm:px-6">
        <h2 id="donors-title" className="text-3xl font-extrabold tracking-tight">
          How it works for donors
        </h2>
        <p className="mt-2 max-w-2xl text-ink-muted">Choose how you engage with nonprofits, follow your impact and keep your giving in one place.</p>
        <Steps steps={donorSteps} />
        <div className="mt-8 flex flex-wrap gap-3">
          <LinkButton href={searchHref()}>Find a cause</LinkButton>
          <LinkButton href="/signup" variant="outline">
            Create a donor account
          </LinkButton>
          <LinkButton href={links.donorsHowItWorks} variant="ghost">
            More on giving
          </LinkButton>
        </div>
      </section>

      <section id="charities" aria-labelledby="charities-title" className="scroll-mt-24 bg-surface-muted">
        <div className="mx-auto max-w-site px-4 py-14 sm:px-6">
          <h2 id="charities-title" className="text-3xl font-extrabold tracking-tight">
            How it works for nonprofits
          </h2>
          <p className="mt-2 max-w-2xl text-ink-muted">Your own dashboard for fundraising, payments, partnerships and the numbers behind your impact.</p>
          <Steps steps={charitySteps} />
          <div className="mt-8 flex flex-wrap gap-3">
            <LinkButton href="/signup/nonprofit" variant="accent">
              Register your nonprofit
            </LinkButton>
            <LinkButton href={links.plansPricing} variant="outline">
              Plans &amp; Pricing
            </LinkButton>
            <LinkButton href={links.charitiesHowItWorks} variant="ghost">
              More for nonprofits
            </LinkButton>
          </div>
        </div>
      </section>

      <section id="faq" aria-labelledby="faq-title" className="mx-auto w-full max-w-3xl scroll-mt-24 px-4 py-14 sm:px-6">
        <h2 id="faq-title" className="text-3xl font-extrabold tracking-tight">
          Frequently asked questions
        </h2>
        <div className="mt-8 divide-y divide-slate-200 rounded-card border border-slate-200 bg-white">
          {faqs.map(({ q, a }) => (
            <details key={q} className="group px-5 py-1">
              <summary className="flex min-h-12 cursor-pointer list-none items-center justify-between gap-4 py-3 font-semibold text-ink [&::-webkit-details-marker]:hidden">
                {q}
                <span className="text-xl leading-none text-brand-700 transition-transform group-open:rotate-45" aria-hidden="true">
                  +
                </span>
              </summary>
              <p className="pb-4 leading-relaxed text-ink-muted">{a}</p>
            </details>
          ))}
        </div>
        <p className="mt-6">
          <LinkButton href={links.aboutFaq} variant="outline">
            All questions
          </LinkButton>
        </p>
      </section>

      <section id="contact" aria-labelledby="contact-title" className="scroll-mt-24 bg-brand-50">
        <div className="mx-auto flex max-w-3xl flex-col items-center px-4 py-14 text-center sm:px-6">
          <span className="flex size-12 items-center justify-center rounded-full bg-white text-brand-700 shadow-sm" aria-hidden="true">
            <Mail className="size-6" />
          </span>
          <h2 id="contact-title" className="mt-4 text-3xl font-extrabold tracking-tight">
            Contact us
          </h2>
          <p className="mt-3 max-w-xl text-ink-muted">
            Questions about a donation, your account or bringing your nonprofit to Givebridge? We are happy to help.
            Signed-in nonprofits also find Help and Contact Us in their Account Settings.
          </p>
          {contactElsewhere ? (
            <LinkButton href={links.contactUs} className="mt-6" leftIcon={<HeartHandshake className="size-5" aria-hidden="true" />}>
              Get in touch
            </LinkButton>
          ) : null}
        </div>
      </section>
    </>
  );
}
