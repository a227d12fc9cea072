import type { ComponentProps, ElementType, ReactNode } from "react";
import { cn } from "./cn";

export type CardProps = {
  /** Element to render (default div; use "section" or "article" where it fits). */
  as?: ElementType;
  padding?: "none" | "sm" | "md" | "lg";
  /** Lift on hover, for cards that are links. */
  interactive?: boolean;
  className?: string;
  children?: ReactNode;
} & Omit<ComponentProps<"div">, "className" | "children">;

const paddings = { none: "", sm: "p-4", md: "p-5 sm:p-6", lg: "p-6 sm:p-8" } as const;

/** A white rounded surface with a soft border and shadow. */
export function Card({ as: Tag = "div", padding = "md", interactive, className, children, ...rest }: CardProps) {
  return (
    <Tag
      className={cn(
        "rounded-card border border-slate-200 bg-white shadow-card",
        paddings[padding],
        interactive && "transition-shadow hover:shadow-pop",
        className,
      )}
      {...rest}
    >
      {children}
    </Tag>
  );
}

export function CardTitle({
  as: Tag = "h3",
  className,
  children,
}: {
  as?: "h2" | "h3" | "h4";
  className?: string;
  children: ReactNode;
}) {
  return <Tag className={cn("text-lg font-bold text-ink", className)}>{children}</Tag>;
}

export function CardDescription({ className, children }: { className?: string; children: ReactNode }) {
  return <p className={cn("mt-1.5 text-[0.95rem] leading-relaxed text-ink-muted", className)}>{children}</p>;
}
