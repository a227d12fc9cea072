/**
 * The owner's events card on /nonprofit/{id}: every event of the organization (upcoming and
 * past) with create, edit and delete, and ticket types (prices in cents). Server component:
 * loads the owner's events and the organization's time zone and hands them to the client editor.
 */
import { can } from "@/lib/auth/can";
import { getActor } from "@/lib/http/session";
import { listManagedEvents } from "@/lib/services/events/manage-events";
import { EventManagerClient } from "./owner-editors";

/** Renders nothing unless the signed-in user is a nonprofit user of `organizationId`. */
export async function EventManager(props: { organizationId: string }) {
  const user = await getActor();
  if (!user || !can(user, "event.manage", { organizationId: props.organizationId })) return null;
  const list = await listManagedEvents({ actor: user, organizationId: props.organizationId });
  return <EventManagerClient organizationId={props.organizationId} upcoming={list.upcoming} past={list.past} timeZone={list.timeZone} />;
}
