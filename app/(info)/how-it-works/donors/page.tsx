import type { Metadata } from "next";
import Link from "next/link";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { searchHref } from "@/components/layout/routes";
import { LegalArticle } from "../../_components/legal-article";

export function generateMetadata(): Metadata {
  return publicPageMetadata({
    title: "How It Works for Donors",
    description: "Find a US nonprofit, give by card or bank account, choose what each gift shares, get your receipt and manage monthly gifts.",
    path: "/how-it-works/donors",
  });
}

const link = "font-semibold text-brand-700 underline";

/** /how-it-works/donors — how giving on Givebridge works, from finding a cause to the receipt (README, "Start it"; Privacy Policy). */
export default function DonorsHowItWorksPage() {
  return (
    <LegalArticle
      title="How It Works for Donors"
      intro={<p>Givebridge connects you with US nonprofits. You pick the cause, you decide what each nonprofit learns about you, and every gift gets a receipt.</p>}
    >
      <section aria-labelledby="find">
        <h2 id="find">1. Find a cause</h2>
        <p>
          <Link href={searchHref()} className={link}>Search</Link> every US tax-exempt organization in the IRS directory by name, cause, city, state or
          ZIP code, or browse active <Link href={searchHref("", "Campaigns")} className={link}>fundraisers</Link>. A nonprofit&apos;s page shows its
          fundraisers and its events.
        </p>
      </section>
      <section aria-labelledby="give">
        <h2 id="give">2. Give your way</h2>
        <p>
          Give once or monthly, by card or US bank account, to a fundraiser or straight to the organization. You can give as a guest or with a donor
          account, cover the fees so the nonprofit receives your whole gift, and dedicate a gift in honor or in memory of someone.
        </p>
        <p>
          Gifts are charged only for organizations that have claimed their profile and connected a payout account. For any other organization you can
          leave a pledge (an amount and your email, no card): when it connects, we email you a link to complete the gift.
        </p>
      </section>
      <section aria-labelledby="share">
        <h2 id="share">3. Choose what you share</h2>
        <p>
          In your profile preferences and again at checkout you tick which details the nonprofit may see: name, email, location, phone, gender and age.
          The choice is kept with each gift, and giving anonymously shares none of them. The{" "}
          <Link href="/privacy#sharing" className={link}>Privacy Policy</Link> lists who sees what.
        </p>
      </section>
      <section aria-labelledby="receipt">
        <h2 id="receipt">4. Get your receipt</h2>
        <p>
          Every successful gift is receipted by email under the organization&apos;s name and EIN, saying in plain words whether it is tax-deductible, and can
          be downloaded as a PDF. Signed-in donors find all their gifts and receipts in their donation history.
        </p>
      </section>
      <section aria-labelledby="monthly">
        <h2 id="monthly">5. Manage monthly gifts yourself</h2>
        <p>
          Each monthly receipt, and a reminder three days before each charge, links to the gift&apos;s own page: change the amount or the charge day,
          skip a month, pause, update your card or cancel, without signing in.
        </p>
      </section>
      <section aria-labelledby="resources">
        <h2 id="resources">Resources for donors</h2>
        <ul>
          <li><Link href="/faq#donors" className={link}>Frequently asked questions</Link></li>
          <li><Link href="/privacy" className={link}>Privacy Policy</Link>: what each role sees, and deleting your account</li>
          <li><Link href="/pricing" className={link}>Plans and Pricing</Link>: the fees on a gift</li>
          <li><Link href="/signup" className={link}>Create a donor account</Link></li>
        </ul>
      </section>
    </LegalArticle>
  );
}
