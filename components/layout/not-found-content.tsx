import { Compass } from "lucide-react";
import { LinkButton } from "@/components/ui/button";
import { searchHref } from "./routes";

/** What the not-found page and /404 show. */
export function NotFoundContent() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28" aria-labelledby="not-found-title">
      <div className="mb-6 flex size-16 items-center justify-center rounded-full bg-brand-100 text-brand-700" aria-hidden="true">
        <Compass className="size-8" />
      </div>
      <p className="text-sm font-bold tracking-widest text-accent-700 uppercase">Error 404</p>
      <h1 id="not-found-title" className="mt-2 text-3xl font-extrabold tracking-tight sm:text-4xl">
        Page not found
      </h1>
      <p className="mt-4 text-lg text-ink-muted">
        We couldn&apos;t find the page you were looking for. It may have moved, or the link may be out of date.
      </p>
      <div className="mt-8 flex w-full flex-col gap-3 sm:w-auto sm:flex-row">
        <LinkButton href="/" size="lg">
          Go to the home page
        </LinkButton>
        <LinkButton href={searchHref()} variant="outline" size="lg">
          Search nonprofits
        </LinkButton>
      </div>
    </section>
  );
}
