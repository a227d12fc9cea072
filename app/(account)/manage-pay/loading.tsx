import { Spinner } from "@/components/ui/spinner";

/** Shown while a Manage Donations page loads its report. */
export default function ManagePayLoading() {
  return (
    <div className="mx-auto flex w-full max-w-6xl justify-center px-4 py-20">
      <Spinner label="Loading your donations..." />
    </div>
  );
}
