import type { Metadata } from "next";
import { DashboardView } from "./_components/dashboard-view";

export const metadata: Metadata = { title: "Dashboard" };

/** /dashboard — the donor or nonprofit dashboard by session type. */
export default function DashboardPage() {
  return <DashboardView path="/dashboard" />;
}
