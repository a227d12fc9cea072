"use client";

import { useEffect, useRef, type ReactNode } from "react";

/**
 * The heading of a page the embedded form moves to after a payment (thank-you, result): it
 * takes focus when shown, so keyboard and screen-reader users continue from it instead of
 * from the top of the frame.
 */
export function FocusHeading({ children, className, testId }: { children: ReactNode; className?: string; testId?: string }) {
  const ref = useRef<HTMLHeadingElement>(null);
  useEffect(() => ref.current?.focus(), []);
  return (
    <h1 ref={ref} tabIndex={-1} className={className} data-testid={testId}>
      {children}
    </h1>
  );
}
