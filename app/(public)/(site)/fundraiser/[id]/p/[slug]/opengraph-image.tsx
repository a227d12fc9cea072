import { progressImage, PROGRESS_IMAGE_SIZE } from "@/components/share/progress-image";
import { loadSupporterPage } from "./load";

export const alt = "Supporter fundraising page on Givebridge";
export const size = PROGRESS_IMAGE_SIZE;
export const contentType = "image/png";

/** A supporter page's link preview: its photo, title, who raises for whom, and its progress. */
export default async function Image({ params }: { params: Promise<{ id: string; slug: string }> }) {
  const { id, slug } = await params;
  const p = await loadSupporterPage(id, slug);
  return progressImage({
    title: p?.title ?? "A fundraiser on Givebridge",
    byline: p ? `${p.supporterName} for ${p.fundraiser.organization.name}` : null,
    coverUrl: p?.imageUrl ?? null,
    progress: p ? { raisedCents: p.raisedCents, goalCents: p.goalCents } : null,
  });
}
