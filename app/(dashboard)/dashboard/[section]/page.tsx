import type { Metadata } from "next";
import { DashboardView } from "../_components/dashboard-view";

export const metadata: Metadata = { title: "Dashboard" };

/** /dashboard/:section — the dashboard with one section opened. */
export default async function DashboardSectionPage({ params }: { params: Promise<{ section: string }> }) {
  const { section } = await params;
  return <DashboardView path={`/dashboard/${encodeURIComponent(section)}`} section={section} />;
}
