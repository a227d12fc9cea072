import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";

export const metadata: Metadata = { title: "Approve" };

/** /approve/[type]/[id] — placeholder until the feature is built. */
export default function ApprovePage() {
  return <PlaceholderPage title="Approve" />;
}
