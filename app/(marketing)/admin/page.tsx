import type { Metadata } from "next";
import { PlaceholderPage } from "@/components/layout/placeholder-page";

export const metadata: Metadata = { title: "Admin console" };

/** /admin — placeholder until the feature is built. */
export default function AdminPage() {
  return <PlaceholderPage title="Admin console" />;
}
