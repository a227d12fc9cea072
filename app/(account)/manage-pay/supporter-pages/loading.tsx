import { Spinner } from "@/components/ui/spinner";

/** Shown while the Supporter pages view loads. */
export default function SupporterPagesLoading() {
  return (
    <div className="mx-auto flex w-full max-w-6xl justify-center px-4 py-20">
      <Spinner label="Loading your supporter pages..." />
    </div>
  );
}
