import { Hammer } from "lucide-react";
import type { ReactNode } from "react";
import { LinkButton } from "@/components/ui/button";

export type PlaceholderPageProps = {
  title: string;
  /** Defaults to a sentence saying this part of Givebridge is being built. */
  description?: ReactNode;
  backHref?: string;
  backLabel?: string;
};

/** A page whose feature is still being built: heading, one sentence and a link back. */
export function PlaceholderPage({
  title,
  description = "This part of Givebridge is being built. Check back soon.",
  backHref = "/",
  backLabel = "Back to the home page",
}: PlaceholderPageProps) {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center sm:py-28">
      <div className="mb-6 flex size-14 items-center justify-center rounded-full bg-accent-100 text-accent-700" aria-hidden="true">
        <Hammer className="size-7" />
      </div>
      <h1 className="text-3xl font-extrabold tracking-tight sm:text-4xl">{title}</h1>
      <p className="mt-4 text-lg text-ink-muted">{description}</p>
      <LinkButton href={backHref} variant="outline" className="mt-8">
        {backLabel}
      </LinkButton>
    </section>
  );
}
