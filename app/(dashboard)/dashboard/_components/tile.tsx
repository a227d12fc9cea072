import Link from "next/link";
import type { ComponentType, ReactNode } from "react";
import { cn } from "@/components/ui/cn";

export type TileProps = {
  title: string;
  description?: string;
  icon: ComponentType<{ className?: string; "aria-hidden"?: boolean }>;
  /** A link target; external links open in a new tab. */
  href?: string;
  /** Rendered instead of a link (e.g. a button opening a popup). */
  children?: ReactNode;
  /** Hidden below 800 px: the spec's desktop-only dashboard features. */
  desktopOnly?: boolean;
};

const tileClasses =
  "flex h-full min-h-28 flex-col gap-2 rounded-card border border-slate-200 bg-white p-4 text-left shadow-xs transition " +
  "hover:border-brand-300 hover:shadow-md focus-visible:outline-3 focus-visible:outline-offset-2 focus-visible:outline-brand-500";

/** One dashboard tile: an icon, a title and a line of text, as a link or a custom trigger. */
export function Tile({ title, description, icon: Icon, href, children, desktopOnly }: TileProps) {
  const body = (
    <>
      <Icon className="size-7 text-brand-700" aria-hidden />
      <span className="font-semibold text-ink">{title}</span>
      {description ? <span className="text-sm text-ink-muted">{description}</span> : null}
    </>
  );
  const external = href && !href.startsWith("/");
  return (
    <li className={cn(desktopOnly && "max-nav:hidden")}>
      {children ??
        (external ? (
          <a href={href} target="_blank" rel="noopener noreferrer" className={tileClasses}>
            {body}
          </a>
        ) : (
          <Link href={href ?? "/404"} className={tileClasses}>
            {body}
          </Link>
        ))}
    </li>
  );
}

/** The class list of a tile, for buttons that open popups. */
export const tileButtonClasses = cn(tileClasses, "w-full");
