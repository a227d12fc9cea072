// GET /api/v1/fundraisers/{id}/teams — a public fundraiser's public teams of supporter pages with their totals (no key)
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { listSupporterTeams } from "@/lib/public-api/queries/list-supporter-teams";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.listSupporterTeams, ({ params, query }) => listSupporterTeams({ fundraiserId: params.id, query }));
