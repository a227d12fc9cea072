/**
 * Free and consumer email domains (gmail.com, outlook.com, proton.me...): an address there
 * proves nothing about an organization, so it never verifies a claim. The list is the
 * maintained `email-providers` package (some 8,700 domains of email providers).
 */
import providers from "email-providers/all.json";

const FREE_MAIL = new Set<string>((providers as string[]).map((d) => d.toLowerCase()));

/** True when `domain` (or a domain it is under, "mail.yahoo.co.uk") is a free email provider's. */
export function isFreeMailDomain(domain: string): boolean {
  const parts = domain.toLowerCase().replace(/\.$/, "").split(".");
  for (let i = 0; i < parts.length - 1; i++) if (FREE_MAIL.has(parts.slice(i).join("."))) return true;
  return false;
}

/**
 * True when `emailDomain` is `siteDomain` or one of its subdomains ("info@vtfoodbank.org" or
 * "info@mail.vtfoodbank.org" for the site vtfoodbank.org). The site's host is compared without "www.".
 */
export function emailIsAtSite({ emailDomain, siteDomain }: { emailDomain: string; siteDomain: string }): boolean {
  const e = emailDomain.toLowerCase();
  const s = siteDomain.toLowerCase().replace(/^www\./, "");
  return e === s || e.endsWith(`.${s}`);
}
