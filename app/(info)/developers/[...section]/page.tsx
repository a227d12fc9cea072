// /developers/<section> — an address of the reference's former client-side viewer: a permanent redirect to that section of /developers
import { permanentRedirect } from "next/navigation";
import { anchorForSection } from "@/lib/public-api/reference";

export default async function DevelopersSectionPage({ params }: { params: Promise<{ section: string[] }> }) {
  const { section } = await params;
  const anchor = anchorForSection(section);
  permanentRedirect(anchor ? `/developers#${anchor}` : "/developers");
}
