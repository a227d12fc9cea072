import { progressImage, PROGRESS_IMAGE_SIZE } from "@/components/share/progress-image";
import { loadSupporterTeam } from "./load";

export const alt = "Fundraising team on Givebridge";
export const size = PROGRESS_IMAGE_SIZE;
export const contentType = "image/png";

/** A team's link preview: its name, the organization it raises for, and its progress. */
export default async function Image({ params }: { params: Promise<{ id: string; slug: string }> }) {
  const { id, slug } = await params;
  const t = await loadSupporterTeam(id, slug);
  return progressImage({
    title: t ? `Team ${t.name}` : "A fundraiser on Givebridge",
    byline: t ? `for ${t.fundraiser.organization.name} · ${t.fundraiser.name}` : null,
    coverUrl: null,
    progress: t ? { raisedCents: t.raisedCents, goalCents: t.goalCents } : null,
  });
}
