import type { Metadata } from "next";
import Link from "next/link";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { LegalArticle } from "../_components/legal-article";

export function generateMetadata(): Metadata {
  return publicPageMetadata({ title: "Terms of Service", description: "The terms for donors, nonprofits and visitors using Givebridge.", path: "/terms" });
}

/** /terms — Terms of Service. */
export default function TermsPage() {
  return (
    <LegalArticle
      title="Terms of Service"
      updated="November 2026"
      intro={<p>These terms apply to everyone who uses Givebridge: visitors, donors and the nonprofits that raise money here. By creating an account or giving through Givebridge you agree to them.</p>}
    >
      <section>
        <h2>What Givebridge is</h2>
        <p>
          Givebridge is a platform that connects US nonprofits with donors. Nonprofits publish a profile, fundraisers and events; donors find causes, give
          by card or bank account, and keep a record of their giving. The nonprofit directory comes from the IRS Exempt Organizations
          Business Master File.
        </p>
      </section>
      <section>
        <h2>Accounts</h2>
        <ul>
          <li>You must give true information and keep your password to yourself. You are responsible for what happens under your account.</li>
          <li>A nonprofit account may only be opened by someone authorized to act for the organization. Organizations registered without an EIN are reviewed before they appear publicly.</li>
          <li>You can delete your account at any time from your account settings; see the <Link href="/privacy#deletion" className="font-semibold text-brand-700 underline">Privacy Policy</Link> for what is kept.</li>
        </ul>
      </section>
      <section>
        <h2>Donations</h2>
        <ul>
          <li>A donation is a gift to the nonprofit you choose. Payments are processed by our payment providers; Givebridge does not store card or bank account numbers.</li>
          <li>Fees are listed on <Link href="/pricing" className="font-semibold text-brand-700 underline">Plans and Pricing</Link>. You may choose to cover them so the nonprofit receives your full gift.</li>
          <li>Every successful gift gets an emailed receipt. Whether a gift is tax-deductible depends on the organization&apos;s IRS status; a receipt says so.</li>
          <li>Recurring gifts are charged monthly until you cancel them from your donation history. Refund requests go to the nonprofit that received the gift.</li>
        </ul>
      </section>
      <section>
        <h2>Nonprofits</h2>
        <ul>
          <li>Nonprofits must use the money raised for the purpose described in their fundraiser and keep their profile, fundraisers and events truthful.</li>
          <li>Nonprofits see donor details only as each donor chose to share them, and may use them only to thank donors and run their organization, never sell them.</li>
          <li>Money is paid out through the payment account the nonprofit connects (Stripe or PayPal), less the fees in effect at the time of the gift.</li>
        </ul>
      </section>
      <section>
        <h2>Content and conduct</h2>
        <p>
          You keep the rights to the text and images you post and allow Givebridge to show them on the platform and in share previews. Do not post anything
          unlawful, misleading or that you have no right to use. We may remove content or suspend accounts that break these terms.
        </p>
      </section>
      <section>
        <h2>Liability</h2>
        <p>
          Givebridge is provided as is. We work to keep it available and correct but cannot promise it will be free of errors. Nonprofits, not Givebridge,
          are responsible for how they use the gifts they receive.
        </p>
      </section>
      <section>
        <h2>Changes and contact</h2>
        <p>
          We will post changes to these terms on this page with a new date. Questions? <Link href="/contact" className="font-semibold text-brand-700 underline">Contact us</Link>.
        </p>
      </section>
    </LegalArticle>
  );
}
