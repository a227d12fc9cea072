// GET /api/v1/fundraisers/{id}/supporter-pages — a public fundraiser's public supporter pages with their totals (no key)
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { listSupporterPages } from "@/lib/public-api/queries/list-supporter-pages";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.listSupporterPages, ({ params, query }) => listSupporterPages({ fundraiserId: params.id, query }));
