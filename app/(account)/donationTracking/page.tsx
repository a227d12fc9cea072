import type { Metadata } from "next";
import { redirect } from "next/navigation";
import { hasAccountType } from "@/lib/auth/can";
import { requireUserPage } from "@/lib/http/session";

export const metadata: Metadata = { title: "Donation tracking" };

/** /donationTracking — a donor's gifts live on their donation history (/donor/{id}); nonprofits go to their dashboard. */
export default async function DonationTrackingPage() {
  const user = await requireUserPage("/donationTracking");
  redirect(hasAccountType(user, "donor") ? `/donor/${user.id}` : "/dashboard");
}
