/**
 * The public parts of a nonprofit's profile that its owner edits in place: the spotlight
 * card, the impact figures and the website and social media links. Server-rendered for
 * everybody; the owner's editors show the same views in their default state.
 */
import type { ReactNode } from "react";
import { ExternalLink, Globe, SquarePlay } from "lucide-react";
import { FacebookIcon, InstagramIcon, LinkedInIcon, XIcon } from "@/components/layout/social-icons";
import { Card, CardTitle } from "@/components/ui/card";
import type { OwnOrganization } from "@/lib/services/organizations/get-organization";
import type { SpotlightCard } from "@/lib/services/organizations/spotlight";
import type { SocialNetwork } from "@/lib/validations/organization";

/** Display names and marks of the link fields, in display order. */
export const socialLabels: Record<SocialNetwork, { label: string; icon: (props: { className?: string }) => ReactNode }> = {
  website: { label: "Website", icon: (p) => <Globe {...p} aria-hidden="true" /> },
  facebook: { label: "Facebook", icon: (p) => <FacebookIcon {...p} /> },
  twitter: { label: "X (Twitter)", icon: (p) => <XIcon {...p} /> },
  instagram: { label: "Instagram", icon: (p) => <InstagramIcon {...p} /> },
  linkedin: { label: "LinkedIn", icon: (p) => <LinkedInIcon {...p} /> },
  youtube: { label: "YouTube", icon: (p) => <SquarePlay {...p} aria-hidden="true" /> },
};

/** "https://www.example.org/path/" -> "example.org/path". */
function displayUrl(url: string): string {
  return url.replace(/^https?:\/\//i, "").replace(/^www\./i, "").replace(/\/$/, "");
}

/** The organization's website and social links; nothing when it has none (unless `empty` is given). */
export function SocialLinksList({ socialMedia, empty }: { socialMedia: Record<string, string>; empty?: string }) {
  const entries = (Object.keys(socialLabels) as SocialNetwork[]).filter((k) => socialMedia[k]);
  if (entries.length === 0) return empty ? <p className="mt-3 text-sm text-ink-muted">{empty}</p> : null;
  return (
    <ul className="mt-3 space-y-2 text-sm" aria-label="Website and social media">
      {entries.map((k) => {
        const { label, icon: Icon } = socialLabels[k];
        const url = socialMedia[k]!;
        return (
          <li key={k}>
            <a
              href={url}
              target="_blank"
              rel="noopener noreferrer nofollow"
              className="inline-flex max-w-full items-center gap-2 text-brand-700 hover:underline"
              title={url}
            >
              <Icon className="size-4 shrink-0" />
              <span className="sr-only">{label}: </span>
              <span className="min-w-0 truncate">{k === "website" ? displayUrl(url) : label}</span>
              <ExternalLink className="size-3.5 shrink-0" aria-hidden="true" />
            </a>
          </li>
        );
      })}
    </ul>
  );
}

/** Impact figures as a grid of big values with their labels. */
export function ImpactFiguresList({ impacts }: { impacts: { label: string; value: string }[] }) {
  return (
    <dl className="mt-4 grid grid-cols-2 gap-3 sm:grid-cols-3">
      {impacts.map((f, i) => (
        <div key={`${f.label}-${i}`} className="flex flex-col-reverse rounded-control bg-brand-50 p-3 text-center">
          <dt className="text-sm break-words text-ink-muted">{f.label}</dt>
          <dd className="text-2xl font-bold break-words text-brand-800 tabular-nums">{f.value}</dd>
        </div>
      ))}
    </dl>
  );
}

/** The spotlight's content: its 1.5 image, title and description. */
export function SpotlightContent({ spotlight }: { spotlight: SpotlightCard }) {
  return (
    <div className="mt-3 space-y-3">
      {spotlight.imageUrl ? (
        // eslint-disable-next-line @next/next/no-img-element -- uploaded images come from any configured storage host
        <img
          src={spotlight.imageUrl}
          alt={spotlight.title ? `Spotlight: ${spotlight.title}` : "Spotlight image"}
          className="aspect-[3/2] w-full rounded-control bg-brand-50 object-cover"
        />
      ) : null}
      {spotlight.title ? <h3 className="text-lg font-semibold break-words text-ink">{spotlight.title}</h3> : null}
      {spotlight.description ? <p className="whitespace-pre-line break-words text-ink">{spotlight.description}</p> : null}
    </div>
  );
}

/** Public cards: shown only when there is something to show. */
export function SpotlightCardView({ spotlight }: { spotlight: SpotlightCard | null }) {
  if (!spotlight) return null;
  return (
    <Card as="section" aria-labelledby="spotlight-heading">
      <CardTitle as="h2">
        <span id="spotlight-heading">Spotlight</span>
      </CardTitle>
      <SpotlightContent spotlight={spotlight} />
    </Card>
  );
}

export function ImpactCardView({ impacts }: { impacts: { label: string; value: string }[] }) {
  if (impacts.length === 0) return null;
  return (
    <Card as="section" aria-labelledby="impact-heading">
      <CardTitle as="h2">
        <span id="impact-heading">Our impact</span>
      </CardTitle>
      <ImpactFiguresList impacts={impacts} />
    </Card>
  );
}

export function SocialCardView({ socialMedia }: { socialMedia: Record<string, string> }) {
  if (Object.values(socialMedia).every((v) => !v)) return null;
  return (
    <Card as="section" aria-labelledby="social-heading">
      <CardTitle as="h2">
        <span id="social-heading">Find us online</span>
      </CardTitle>
      <SocialLinksList socialMedia={socialMedia} />
    </Card>
  );
}

/** The owner's general information as its editor shows it (empty strings for unset values). */
export type GeneralInfo = {
  organizationName: string;
  email: string;
  phone: string;
  address: string;
  address2: string;
  city: string;
  state: string;
  zipcode: string;
};

/** The general-info values of the owner's view of the organization. */
export function generalInfoOf(org: OwnOrganization): GeneralInfo {
  return {
    organizationName: org.name,
    email: org.email ?? "",
    phone: org.telephone ?? "",
    address: org.address.addressLine1 ?? "",
    address2: org.address.addressLine2 ?? "",
    city: org.address.city ?? "",
    state: org.address.state ?? "",
    zipcode: org.address.zipcode ?? "",
  };
}
