import type { Metadata } from "next";
import Link from "next/link";
import type { ReactNode } from "react";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { serverEnv } from "@/lib/env";
import { LegalArticle } from "../_components/legal-article";

export function generateMetadata(): Metadata {
  return publicPageMetadata({
    title: "Frequently Asked Questions",
    description: "Fees, receipts, what a nonprofit sees about you, monthly gifts and claiming your organization on Givebridge.",
    path: "/faq",
  });
}

const link = "font-semibold text-brand-700 underline";

type Faq = { id: string; q: string; a: ReactNode };

/** "2.5%" for 250 basis points. */
const percentOfBps = (bps: number) => `${(bps / 100).toLocaleString("en-US", { maximumFractionDigits: 2 })}%`;

function donorFaqs(platformBps: number): Faq[] {
  return [
    {
      id: "account",
      q: "Do I need an account to give?",
      a: "No, you can give as a guest. A donor account keeps your donation history and receipts in one place, remembers what you choose to share and lets you manage all your monthly gifts.",
    },
    {
      id: "fees",
      q: "What fees are there on my gift?",
      a: (
        <>
          The payment processing fee of your payment method
          {platformBps > 0 ? `, plus Givebridge's platform fee of ${percentOfBps(platformBps)} of the gift` : " (Givebridge adds no platform fee)"}. At
          checkout you can cover the fees so the nonprofit receives your whole gift. <Link href="/pricing" className={link}>Plans and Pricing</Link> lists
          every rate with examples.
        </>
      ),
    },
    {
      id: "sharing",
      q: "What does a nonprofit see about me?",
      a: (
        <>
          The amount, date and fundraiser of your gift, and only the details you ticked for that gift: name, email, location, phone, gender and age.
          Changing your choice later never reveals what an earlier gift did not share, and an anonymous gift shares none of them. See the{" "}
          <Link href="/privacy#sharing" className={link}>Privacy Policy</Link>.
        </>
      ),
    },
    {
      id: "receipts",
      q: "Will I get a receipt for my taxes?",
      a: "Every successful gift gets an emailed receipt under the organization's name and EIN, which says in plain words whether the gift is tax-deductible (that depends on the organization's IRS status). For an event ticket, the confirmation states the deductible part. Signed-in donors also find their receipts in their donation history.",
    },
    {
      id: "monthly",
      q: "How do monthly gifts work, and how do I stop one?",
      a: "A monthly gift is charged on the same day each month. Its receipts, and a reminder three days before each charge, link to the gift's own page, where you can change the amount or the charge day, skip the next charge, pause until a date, update your card or cancel. If a charge fails it is tried again 1, 3 and 7 days later, and we email you each time.",
    },
    {
      id: "pledge",
      q: "Why can I only pledge to some organizations?",
      a: "Gifts are charged only for organizations that have claimed their profile and connected a payout account. For the others you can leave a pledge with no card; when the organization connects, we email you a link that opens the checkout filled in. A pledge is never charged on its own and lapses after 90 days.",
    },
    {
      id: "refund",
      q: "Can I get a refund?",
      a: "Refunds are made by the nonprofit that received the gift, from its dashboard; write to the organization, or contact us if you cannot reach it.",
    },
  ];
}

const charityFaqs: Faq[] = [
  {
    id: "claim",
    q: "How do we claim our organization?",
    a: (
      <>
        <Link href="/signup/nonprofit" className={link}>Sign up as a nonprofit</Link> and find your organization by its EIN or name: the account you create
        claims its profile from the IRS directory. Each organization can be claimed once; if yours already is and you believe that is a mistake, contact
        us. An organization without an EIN can register too and is reviewed by our team before it appears in search or receives gifts.
      </>
    ),
  },
  {
    id: "cost",
    q: "What does Givebridge cost a nonprofit?",
    a: (
      <>
        Joining is free, with no monthly or setup fee. Each gift carries its processing fee and the platform fee, unless the donor covers them; see{" "}
        <Link href="/pricing" className={link}>Plans and Pricing</Link>.
      </>
    ),
  },
  {
    id: "payouts",
    q: "How do we receive the money?",
    a: "Connect a Stripe or PayPal account from your dashboard. Gifts are paid into that account and reach your bank on the provider's payout schedule. Until you connect, donors can only pledge.",
  },
  {
    id: "donor-data",
    q: "Which donor details do we get?",
    a: "For gifts to your organization: the amount, date, fundraiser and status, and the details each donor chose to share on that gift. Gifts that share neither a name nor an email are counted together as anonymous donors.",
  },
  {
    id: "receipts-charity",
    q: "Who sends the receipts?",
    a: "Givebridge emails each donor a receipt under your organization's name, logo and EIN for every successful gift. You can add your own thank-you emails and send each donor who shared their email a year-end statement.",
  },
  {
    id: "api",
    q: "Can we connect our own systems?",
    a: (
      <>
        Yes: create an API key on your dashboard to read your donations, donors and payouts, and add webhook endpoints to be told of new gifts, refunds and monthly gifts as they happen. The{" "}
        <Link href="/developers" className={link}>developer documentation</Link> describes every call.
      </>
    ),
  },
];

function Questions({ faqs }: { faqs: Faq[] }) {
  return (
    <div className="mt-4 space-y-6">
      {faqs.map(({ id, q, a }) => (
        <div key={id} id={id} className="scroll-mt-24">
          <h3 className="text-lg font-bold">{q}</h3>
          <p className="leading-relaxed text-ink-muted">{a}</p>
        </div>
      ))}
    </div>
  );
}

/** /faq — questions donors and nonprofits ask, answered from how the product works (fees from PLATFORM_FEE_BPS, as on /pricing). */
export default function FaqPage() {
  const platformBps = serverEnv().PLATFORM_FEE_BPS;
  return (
    <LegalArticle
      title="Frequently Asked Questions"
      intro={
        <p>
          Short answers about giving and raising money on Givebridge. Read more in{" "}
          <Link href="/how-it-works/donors" className={link}>How It Works for Donors</Link> and{" "}
          <Link href="/how-it-works/charities" className={link}>How It Works for Charities</Link>.
        </p>
      }
    >
      <section id="donors" aria-labelledby="donors-title" className="scroll-mt-24">
        <h2 id="donors-title">For donors</h2>
        <Questions faqs={donorFaqs(platformBps)} />
      </section>
      <section id="charities" aria-labelledby="charities-title" className="scroll-mt-24">
        <h2 id="charities-title">For charities</h2>
        <Questions faqs={charityFaqs} />
      </section>
      <section aria-labelledby="more-title">
        <h2 id="more-title">Another question?</h2>
        <p>
          <Link href="/contact" className={link}>Contact us</Link> and we will answer by email.
        </p>
      </section>
    </LegalArticle>
  );
}
