import { NO_TARGET, type SiteLinks } from "@/lib/config/links";
import { BrandLink } from "./brand-link";
import { SmartLink } from "./smart-link";
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon } from "./social-icons";

/** Top footer links (spec: About Us, Contact Us, Plans and Pricing, Terms, Privacy). */
export function footerLinks(links: SiteLinks) {
  return [
    { label: "About Us", href: links.aboutUs },
    { label: "Contact Us", href: links.contactUs },
    { label: "Plans and Pricing", href: links.plansPricing },
    { label: "Terms", href: links.terms },
    { label: "Privacy", href: links.privacy },
  ];
}

/** The social links that have a configured target (none goes to /404). */
function socialLinks(links: SiteLinks) {
  return [
    { label: "Givebridge on Facebook", href: links.facebook, Icon: FacebookIcon },
    { label: "Givebridge on X (Twitter)", href: links.x, Icon: XIcon },
    { label: "Givebridge on LinkedIn", href: links.linkedin, Icon: LinkedInIcon },
    { label: "Givebridge on Instagram", href: links.instagram, Icon: InstagramIcon },
  ].filter((l) => l.href !== NO_TARGET);
}

/** The upper footer: brand, the footer links and the social links. */
export function TopFooter({ links }: { links: SiteLinks }) {
  const social = socialLinks(links);
  return (
    <div className="bg-brand-950 text-brand-100">
      <div className="mx-auto grid max-w-site gap-8 px-4 py-10 sm:px-6 md:grid-cols-[1.2fr_2fr] md:items-start">
        <div>
          <BrandLink inverted />
          <p className="mt-3 max-w-sm text-sm leading-relaxed text-brand-200">
            Connecting US nonprofits with the donors, volunteers and partners who power their work.
          </p>
        </div>
        <div className="flex flex-col gap-6 md:items-end">
          <nav aria-label="Footer">
            <ul className="flex flex-wrap gap-x-6 gap-y-3 text-[0.95rem] md:justify-end">
              {footerLinks(links).map((l) => (
                <li key={l.label}>
                  <SmartLink href={l.href} className="font-medium text-white underline-offset-4 hover:underline">
                    {l.label}
                  </SmartLink>
                </li>
              ))}
            </ul>
          </nav>
          {social.length ? (
          <ul className="flex gap-2" aria-label="Social media">
            {social.map(({ label, href, Icon }) => (
              <li key={label}>
                <SmartLink
                  href={href}
                  aria-label={label}
                  title={label}
                  className="flex size-10 items-center justify-center rounded-full bg-white/10 text-white transition-colors hover:bg-white/20"
                >
                  <Icon className="size-5" />
                </SmartLink>
              </li>
            ))}
          </ul>
          ) : null}
        </div>
      </div>
    </div>
  );
}

/** "© <year> Givebridge", the year taken when the page is rendered. */
export function CopyrightLine({ className }: { className?: string }) {
  return <p className={className}>© {new Date().getFullYear()} Givebridge</p>;
}

/** The bottom footer line with the copyright year and the product name. */
export function BottomFooter() {
  return (
    <div className="border-t border-white/10 bg-brand-950 text-brand-200">
      <div className="mx-auto max-w-site px-4 py-4 text-sm sm:px-6">
        <CopyrightLine />
      </div>
    </div>
  );
}

/** Both footers, as rendered by the root layout. */
export function SiteFooters({ links }: { links: SiteLinks }) {
  return (
    <footer className="mt-auto">
      <TopFooter links={links} />
      <BottomFooter />
    </footer>
  );
}
