import { getActor } from "@/lib/http/session";
import { EventView } from "@/app/(public)/event/[id]/_components/event-view";

export { generateMetadata } from "@/app/(public)/event/[id]/page";

type Props = { params: Promise<{ id: string }> };

/** /event/:id for a signed-in visitor (rewritten here by the proxy): their like, and the owner's unpublished event. */
export default async function MemberEventPage({ params }: Props) {
  const [{ id }, actor] = await Promise.all([params, getActor()]);
  return <EventView id={id} actor={actor} />;
}
