import type { Metadata } from "next";
import { DashboardView } from "../../_components/dashboard-view";

export const metadata: Metadata = { title: "Dashboard" };

/** /dashboard/:section/:error — the dashboard showing what failed in a section (e.g. a payment connection). */
export default async function DashboardSectionErrorPage({ params }: { params: Promise<{ section: string; error: string }> }) {
  const { section, error } = await params;
  return <DashboardView path={`/dashboard/${encodeURIComponent(section)}/${encodeURIComponent(error)}`} section={section} error={error} />;
}
