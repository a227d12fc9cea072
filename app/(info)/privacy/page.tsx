import type { Metadata } from "next";
import Link from "next/link";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { LegalArticle } from "../_components/legal-article";

export function generateMetadata(): Metadata {
  return publicPageMetadata({
    title: "Privacy Policy",
    description: "What Givebridge collects, what each nonprofit and the public can see of a donor, how you choose what to share, and what happens when you delete your account.",
    path: "/privacy",
  });
}

const FIELDS = ["Name", "Email", "Phone number", "Location (city and state)", "Gender", "Age range"] as const;

/** /privacy — Privacy Policy: who sees what of a donor, per-field sharing, retention and deletion. */
export default function PrivacyPage() {
  return (
    <LegalArticle
      title="Privacy Policy"
      updated="November 2026"
      intro={<p>You decide which of your personal details a nonprofit sees when you give. This page says exactly what Givebridge keeps, who can see it, and what happens when you delete your account.</p>}
    >
      <section>
        <h2>What we collect</h2>
        <ul>
          <li>Your account: name, email, password (stored only as a one-way hash), and optionally a profile photo, organization or company.</li>
          <li>Your preferences, if you fill them in: phone number, city and state, gender and age range, and which of them you share.</li>
          <li>Each gift: amount, date, the nonprofit and fundraiser, payment status and method, and your details as given at checkout. Card and bank account numbers go to the payment provider and are not stored by Givebridge.</li>
          <li>What you add yourself: volunteer hours, impact stories, Contact Us messages.</li>
        </ul>
      </section>

      <section aria-labelledby="sharing">
        <h2 id="sharing">You choose what each gift shares</h2>
        <p>
          In your profile preferences and again at checkout you tick which details a nonprofit may see. The choice is stored with each gift, so changing it
          later does not reveal details of earlier gifts. Giving anonymously shares none of them.
        </p>
        <div className="mt-4 overflow-hidden rounded-card border border-slate-200">
          <table className="w-full text-left text-sm">
            <caption className="sr-only">Who can see which donor details</caption>
            <thead className="bg-slate-50">
              <tr>
                <th scope="col" className="p-3">Detail</th>
                <th scope="col" className="p-3">The nonprofit you gave to</th>
                <th scope="col" className="p-3">The public</th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {FIELDS.map((f) => (
                <tr key={f}>
                  <th scope="row" className="p-3 font-semibold">{f}</th>
                  <td className="p-3">Only if you share it for that gift</td>
                  <td className="p-3">{f === "Name" ? "Only if you share it: in full on your donor page, as first name and last initial on fundraiser pages" : "Never"}</td>
                </tr>
              ))}
              <tr>
                <th scope="row" className="p-3 font-semibold">Amount and date</th>
                <td className="p-3">Always (their own records)</td>
                <td className="p-3">Never per gift; a fundraiser shows its total and number of donors</td>
              </tr>
            </tbody>
          </table>
        </div>
      </section>

      <section>
        <h2>What each role sees</h2>
        <ul>
          <li><strong>A nonprofit</strong> sees, for gifts to its own organization only: amount, date, fundraiser and status, plus the details you shared for that gift, in its donation reports, CSV downloads and donation notices. For your volunteer hours and stories it sees your name and email only if your preferences share them. It never sees gifts you made to other organizations.</li>
          <li><strong>The public</strong> sees your donor page (/donor/your-id) with your reward level and badges, and your name and photo only if you share your name; amounts, points and the organizations you gave to are never shown there. A fundraiser page lists recent supporters by first name and last initial, only for gifts where you shared your name and did not give anonymously.</li>
          <li><strong>You</strong> see your full donation history, receipts, recurring gifts and yearly statements.</li>
          <li><strong>Givebridge administrators</strong> review nonprofit sign-ups and Contact Us messages and can see the records needed to run the service and answer support requests.</li>
        </ul>
      </section>

      <section>
        <h2>Email</h2>
        <p>
          We email you receipts, password resets and answers to your messages. Newsletters only go to people who subscribed; reply to one to unsubscribe. Contact Us messages are sent to our team with your email as the reply address.
        </p>
      </section>

      <section aria-labelledby="deletion">
        <h2 id="deletion">Retention and deleting your account</h2>
        <p>We keep your account and preferences while your account exists. You can delete it at any time from your account settings.</p>
        <ul>
          <li><strong>Donor accounts:</strong> your account, preferences, sign-in tokens, volunteer hours and newsletter subscription are deleted, your recurring gifts are canceled, and your impact stories no longer name you. The gifts themselves stay in the receiving nonprofits&apos; books (amount, date, fundraiser, status) because they need them for their accounts and tax records, but your name, email, phone, location, gender and age are removed from every one of them.</li>
          <li><strong>Nonprofit accounts:</strong> the user account is deleted. If nobody else manages the organization, its profile is released: its active fundraisers end, recurring gifts to it are canceled, and its contact email and payment connection are removed. The organization stays in the public IRS directory and keeps its donation records.</li>
          <li>Donation records, which nonprofits need for their books, are kept without your personal details after deletion.</li>
        </ul>
      </section>

      <section>
        <h2>Questions</h2>
        <p>
          Ask us anything about your data through the <Link href="/contact" className="font-semibold text-brand-700 underline">Contact Us form</Link>.
        </p>
      </section>
    </LegalArticle>
  );
}
