import { Spinner } from "@/components/ui/spinner";

export default function Loading() {
  return (
    <div className="flex flex-1 items-center justify-center px-4 py-24">
      <Spinner size="lg" />
    </div>
  );
}
