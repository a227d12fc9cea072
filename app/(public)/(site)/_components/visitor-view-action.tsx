"use server";

import type { ReactNode } from "react";
import { can } from "@/lib/auth/can";
import { visitorViewTarget } from "@/lib/cache/visitor-views";
import { getActor } from "@/lib/http/session";
import { EventView, loadEvent } from "../event/[id]/_components/event-view";
import { loadOrganization, ProfileView } from "../nonprofit/[id]/_components/profile-view";

/** The longest path or query string (characters) looked at; anything longer is no page of ours. */
const MAX_ADDRESS_LENGTH = 2_048;

/**
 * The view of a cached profile or event page rendered for the signed-in visitor of this request
 * (lib/cache/visitor-views.ts), or null when that visitor sees the cached page as it is:
 * - /nonprofit/{id or nickname}: the owner's profile with its editors and tools
 *   (can "organization.update", lib/auth/can.ts), including a profile that is not live; null for
 *   anyone else;
 * - /event/{id}: the event with the visitor's own like, including the owner's unpublished event.
 * `pathname` and `search` are the browser's address (untrusted: anything that is not a string
 * of at most MAX_ADDRESS_LENGTH characters, or not such a page, gets null). Nothing is changed.
 * Each view reads what it shows with the visitor as actor, so it holds only what they may see.
 */
export async function loadVisitorView(pathname: unknown, search: unknown): Promise<ReactNode> {
  if (typeof pathname !== "string" || typeof search !== "string" || pathname.length > MAX_ADDRESS_LENGTH || search.length > MAX_ADDRESS_LENGTH) return null;
  const target = visitorViewTarget(pathname);
  if (!target) return null;
  const actor = await getActor();
  if (!actor) return null;
  if (target.kind === "profile") {
    const org = await loadOrganization(target.id, actor);
    if (!org || !can(actor, "organization.update", { organizationId: org._id })) return null;
    return <ProfileView id={target.id} actor={actor} openFundraisers={new URLSearchParams(search).get("sec") === "fundraiser"} />;
  }
  return (await loadEvent(target.id, actor)) ? <EventView id={target.id} actor={actor} /> : null;
}
