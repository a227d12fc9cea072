// GET /api/v1/events — upcoming events of public organizations (public, cursor-paginated)
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { listEvents } from "@/lib/public-api/queries/list-events";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.listEvents, ({ query }) => listEvents({ query }));
