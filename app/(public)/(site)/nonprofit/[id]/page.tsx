import type { Metadata } from "next";
import { publicPageMetadata } from "@/components/share/page-metadata";
import { VisitorView } from "../../_components/visitor-view";
import { loadOrganization, ProfileView } from "./_components/profile-view";

type Props = { params: Promise<{ id: string }> };

/** Served from cache; re-rendered at most every minute, and at once when the organization or its gifts change (lib/cache/public-pages.ts). */
export const revalidate = 60;

/** No profile is rendered at build time (247,693 organizations): each is rendered on its first visit, then cached. */
export function generateStaticParams(): { id: string }[] {
  return [];
}

export async function generateMetadata({ params }: Props): Promise<Metadata> {
  const org = await loadOrganization((await params).id, null);
  if (!org) return { title: "Organization not found" };
  const place = [org.address.city, org.address.state].filter(Boolean).join(", ");
  const description = (org.mission ?? org.description ?? `${org.name}${place ? ` in ${place}` : ""}: a tax-exempt organization. Give securely on Givebridge.`).slice(0, 300);
  return publicPageMetadata({ title: org.name, description, path: `/nonprofit/${org._id}`, ownImage: true });
}

/** /nonprofit/:id, cached for every visitor; its owner gets the editors in the browser (VisitorView). */
export default async function NonprofitProfilePage({ params }: Props) {
  return (
    <VisitorView>
      <ProfileView id={(await params).id} actor={null} openFundraisers={false} />
    </VisitorView>
  );
}
