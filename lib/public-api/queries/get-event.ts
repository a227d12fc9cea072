/** GET /api/v1/events/{id}: one public event. */
import type { EventResource } from "@/lib/integrations/api-resources";
import { getPublicEvent } from "@/lib/services/events/get-event";
import { toEventResource } from "@/lib/services/api-resources/to-resources";

/** @throws AppError(not_found) unless an event of a live, approved organization. */
export async function getEvent(options: { id: string }): Promise<EventResource> {
  return toEventResource(await getPublicEvent({ actor: null, eventId: options.id }));
}
