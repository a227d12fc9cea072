// GET /api/v1/payouts — daily settlements of the API key's organization per provider (read:payouts)
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { listPayouts } from "@/lib/public-api/queries/list-payouts";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.listPayouts, ({ actor, query }) => listPayouts({ actor, query }));
