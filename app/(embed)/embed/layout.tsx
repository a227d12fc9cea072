import type { Metadata } from "next";
import type { ReactNode } from "react";

export const metadata: Metadata = { robots: { index: false, follow: false } };

/**
 * The embeddable donate form's pages (/embed/…), framed by nonprofits' own sites. The root
 * layout renders them without the site's bars, inside components/embed/embed-frame.tsx,
 * which reports their height to public/embed.js. Not indexed: the form lives on the host page.
 */
export default function EmbedLayout({ children }: { children: ReactNode }) {
  return <div className="mx-auto w-full max-w-xl text-ink">{children}</div>;
}
