import type { Metadata } from "next";
import Link from "next/link";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { LegalArticle } from "../../_components/legal-article";

export function generateMetadata(): Metadata {
  return publicPageMetadata({
    title: "How It Works for Charities",
    description: "Claim your organization by its EIN, connect Stripe or PayPal, raise money with fundraisers, events and supporter pages, and know your donors.",
    path: "/how-it-works/charities",
  });
}

const link = "font-semibold text-brand-700 underline";

/** /how-it-works/charities — how a nonprofit joins and raises money on Givebridge (README, "Start it" and the sections after it). */
export default function CharitiesHowItWorksPage() {
  return (
    <LegalArticle
      title="How It Works for Charities"
      intro={<p>Joining Givebridge is free for US nonprofits. You get a public profile, fundraising tools and a dashboard of your donations and donors; a fee is taken only when a gift is made.</p>}
    >
      <section aria-labelledby="claim">
        <h2 id="claim">1. Claim your organization</h2>
        <p>
          Every US tax-exempt organization in the IRS directory already has a profile. <Link href="/signup/nonprofit" className={link}>Sign up as a nonprofit</Link>,
          find your organization by its EIN (or its name) and create the account that claims it; each organization is claimed once. An organization
          without an EIN can register too, and is reviewed by our team before it appears in search or receives gifts.
        </p>
      </section>
      <section aria-labelledby="connect">
        <h2 id="connect">2. Connect payments</h2>
        <p>
          Connect a Stripe or PayPal account from your dashboard so gifts reach your bank on that provider&apos;s payout schedule. Until you do, donors
          can leave pledges, and each pledger gets an email with a link to complete the gift once you connect.
        </p>
      </section>
      <section aria-labelledby="raise">
        <h2 id="raise">3. Raise money</h2>
        <p>
          Publish fundraisers with a goal and a story, and events with tickets. Let supporters start their own pages and teams for a fundraiser,
          put the donate form on your own website, and share your links. Donors can give once or monthly and can cover the fees.
        </p>
      </section>
      <section aria-labelledby="donors">
        <h2 id="donors">4. Know your donors</h2>
        <p>
          Manage Donations lists every gift with filters and a CSV, refunds a gift, and shows your donors with their lifetime giving and segments
          (new this year, recurring, lapsed and more). You see only what each donor chose to share for each gift. You can record offline gifts, import a donor
          history from another platform&apos;s CSV, and write your own thank-you emails.
        </p>
      </section>
      <section aria-labelledby="fees">
        <h2 id="fees">What it costs</h2>
        <p>
          No monthly or setup fee. Each gift carries the payment processing fee and the platform fee listed, with worked examples, on{" "}
          <Link href="/pricing" className={link}>Plans and Pricing</Link>.
        </p>
      </section>
      <section aria-labelledby="resources">
        <h2 id="resources">Resources for charities</h2>
        <ul>
          <li><Link href="/faq#charities" className={link}>Frequently asked questions</Link></li>
          <li><Link href="/developers" className={link}>Developers</Link>: the public API and webhooks for your own systems</li>
          <li><Link href="/pricing" className={link}>Plans and Pricing</Link></li>
          <li><Link href="/terms" className={link}>Terms of Service</Link>: what nonprofits agree to</li>
          <li><Link href="/contact" className={link}>Contact us</Link></li>
        </ul>
      </section>
    </LegalArticle>
  );
}
