import Link from "next/link";
import type { ComponentProps } from "react";

export type SmartLinkProps = Omit<ComponentProps<"a">, "href"> & { href: string };

/**
 * next/link for the site's own paths, a plain <a> for absolute URLs (content site, mailto:).
 * An empty href goes to /404 (spec: link buttons without a target go to /404).
 */
export function SmartLink({ href, children, ...rest }: SmartLinkProps) {
  const target = href.trim() === "" ? "/404" : href;
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
