import type { Metadata } from "next";
import { can } from "@/lib/auth/can";
import { getActor } from "@/lib/http/session";
import { DonationHistory } from "./_components/donation-history";
import { PublicDonorProfile } from "./_components/public-donor-profile";

export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const [{ id }, user] = await Promise.all([params, getActor()]);
  return can(user, "donationHistory.view", { userId: id }) ? { title: "Donation History" } : { title: "Donor", robots: { index: false } };
}

/**
 * /donor/[id] — for its owner, the donation history (with `?view=public`, a preview of the
 * public page); for anybody else, the donor's public page: shared name, reward level and
 * badges only (rewards show on the dashboard and on the public donor page).
 */
export default async function DonorPage({ params, searchParams }: Props) {
  const [{ id }, query, user] = await Promise.all([params, searchParams, getActor()]);
  const isOwner = can(user, "donationHistory.view", { userId: id });
  if (user && isOwner && query.view !== "public") return <DonationHistory user={user} id={id} />;
  return <PublicDonorProfile id={id} isOwner={isOwner} />;
}
