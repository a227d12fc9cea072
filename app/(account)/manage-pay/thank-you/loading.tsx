import { Spinner } from "@/components/ui/spinner";

/** Shown while the thank-you emails load. */
export default function ThankYouLoading() {
  return (
    <div className="mx-auto flex w-full max-w-6xl justify-center px-4 py-20">
      <Spinner label="Loading your thank-you emails..." />
    </div>
  );
}
