import type { ReactNode } from "react";

/**
 * The frame of a text page (Terms, Privacy, Plans and Pricing): a title, when it was last
 * updated, and readable prose that wraps at 360 px.
 */
export function LegalArticle({ title, updated, intro, children }: { title: string; updated?: string; intro?: ReactNode; children: ReactNode }) {
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 sm:px-6 sm:py-14">
      <h1 className="text-3xl font-extrabold tracking-tight text-ink sm:text-4xl">{title}</h1>
      {updated ? <p className="mt-2 text-sm text-ink-muted">Last updated {updated}</p> : null}
      {intro ? <div className="mt-4 text-lg leading-relaxed text-ink">{intro}</div> : null}
      <div className="legal-prose mt-8 space-y-8 break-words text-ink [&_h2]:text-xl [&_h2]:font-bold [&_li]:mt-1.5 [&_p]:mt-3 [&_p]:leading-relaxed [&_ul]:mt-3 [&_ul]:list-disc [&_ul]:pl-6">
        {children}
      </div>
    </article>
  );
}
