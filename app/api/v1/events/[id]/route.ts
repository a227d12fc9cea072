// GET /api/v1/events/{id} — one public event
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { getEvent } from "@/lib/public-api/queries/get-event";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.getEvent, ({ params }) => getEvent({ id: params.id }));
