import { HeartHandshake, MapPin, Tags, type LucideIcon } from "lucide-react";
import type { Metadata } from "next";
import { publicPageMetadata } from "@/components/share/page-metadata";
import Link from "next/link";
import { searchHref } from "@/components/layout/routes";
import { SearchBox } from "@/components/layout/search-box";
import { Card } from "@/components/ui/card";

export function generateMetadata(): Metadata {
  return publicPageMetadata({ title: "Find a cause", description: "Search nonprofits by cause or location, or browse fundraisers on Givebridge.", path: "/find" });
}

const ways: { title: string; text: string; href: string; cta: string; icon: LucideIcon }[] = [
  {
    title: "By cause",
    text: "Education, animals, hunger, the arts: type what you care about and see the nonprofits working on it.",
    href: searchHref(),
    cta: "Search nonprofits",
    icon: Tags,
  },
  {
    title: "By location",
    text: "Enter a city, state or ZIP code to find organizations in your own community.",
    href: searchHref(),
    cta: "Search near you",
    icon: MapPin,
  },
  {
    title: "Fundraisers",
    text: "Give to an active fundraiser and watch its progress toward the goal.",
    href: searchHref("", "Campaigns"),
    cta: "Browse fundraisers",
    icon: HeartHandshake,
  },
];

export default function FindPage() {
  return (
    <section className="mx-auto w-full max-w-site px-4 py-14 sm:px-6 sm:py-20">
      <div className="mx-auto max-w-2xl text-center">
        <h1 className="text-4xl font-extrabold tracking-tight text-brand-950 sm:text-5xl">Find a cause</h1>
        <p className="mt-4 text-lg text-ink-muted">Search by cause or location, or go straight to the fundraisers that need support now.</p>
        <div className="mx-auto mt-8 max-w-xl">
          <SearchBox size="lg" />
        </div>
      </div>
      <ul className="mt-14 grid gap-5 md:grid-cols-3">
        {ways.map(({ title, text, href, cta, icon: Icon }) => (
          <li key={title}>
            <Card className="flex h-full flex-col">
              <span className="flex size-11 items-center justify-center rounded-xl bg-accent-100 text-accent-700" aria-hidden="true">
                <Icon className="size-6" />
              </span>
              <h2 className="mt-4 text-lg font-bold">{title}</h2>
              <p className="mt-1.5 flex-1 text-[0.95rem] leading-relaxed text-ink-muted">{text}</p>
              <Link href={href} className="mt-5 font-semibold text-brand-700 underline-offset-4 hover:underline">
                {cta} <span aria-hidden="true">→</span>
              </Link>
            </Card>
          </li>
        ))}
      </ul>
    </section>
  );
}
