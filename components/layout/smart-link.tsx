import Link from "next/link";
import type { ComponentProps } from "react";

export type SmartLinkProps = Omit<ComponentProps<"a">, "href"> & { href: string };

/**
 * next/link for the site's own paths, a plain <a> for absolute URLs (content site, mailto:).
 * An empty href goes to /404 (spec: link buttons without a target go to /404). Links to /404
 * are not prefetched: a prefetch of the not-found page answers 404 and the browser would log
 * it on every page that shows such a link.
 */
export function SmartLink({ href, children, ...rest }: SmartLinkProps) {
  const target = href.trim() === "" ? "/404" : href;
  if (target === "/404") {
    return (
      <Link href={target} prefetch={false} {...rest}>
        {children}
      </Link>
    );
  }
  if (!target.startsWith("/")) {
    return (
      <a href={target} {...rest}>
        {children}
      </a>
    );
  }
  return (
    <Link href={target} {...rest}>
      {children}
    </Link>
  );
}
