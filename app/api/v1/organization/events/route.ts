// GET /api/v1/organization/events — the API key's organization's events with tickets sold (read:events)
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { listOrganizationEvents } from "@/lib/public-api/queries/list-organization-events";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.listOrganizationEvents, ({ actor, query }) => listOrganizationEvents({ actor, query }));
