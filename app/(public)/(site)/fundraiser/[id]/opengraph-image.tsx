import { progressImage, PROGRESS_IMAGE_SIZE } from "@/components/share/progress-image";
import { loadPublicFundraiser } from "./load";

export const alt = "Fundraiser on Givebridge";
export const size = PROGRESS_IMAGE_SIZE;
export const contentType = "image/png";

/** The fundraiser's link preview: cover image, name, organization and progress toward the goal. */
export default async function Image({ params }: { params: Promise<{ id: string }> }) {
  const f = await loadPublicFundraiser((await params).id);
  return progressImage({
    title: f?.name ?? "A fundraiser on Givebridge",
    byline: f ? `by ${f.organization.name}` : null,
    coverUrl: f?.imageUrl ?? null,
    progress: f ? { raisedCents: f.progress, goalCents: f.goal } : null,
  });
}
