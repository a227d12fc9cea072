import { Spinner } from "@/components/ui/spinner";

/**
 * Shown while a page streams in. It fills the screen so that the footer starts below the
 * fold and does not jump down when the page arrives (no layout shift).
 */
export default function Loading() {
  return (
    <div className="flex min-h-dvh flex-1 items-center justify-center px-4 py-24">
      <Spinner size="lg" />
    </div>
  );
}
