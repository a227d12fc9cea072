import Link from "next/link";
import { cn } from "@/components/ui/cn";

/** The brand link "Givebridge" to the home page. */
export function BrandLink({ className, inverted = false }: { className?: string; inverted?: boolean }) {
  return (
    <Link href="/" className={cn("inline-flex shrink-0 items-center gap-2 rounded-lg", className)}>
      {/* eslint-disable-next-line @next/next/no-img-element -- a static SVG, no optimisation needed */}
      <img src="/images/givebridge-logo.svg" alt="" width={32} height={32} className="size-8" />
      <span className={cn("text-xl font-extrabold tracking-tight", inverted ? "text-white" : "text-brand-800")}>Givebridge</span>
    </Link>
  );
}
