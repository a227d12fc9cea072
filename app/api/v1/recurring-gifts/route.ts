// GET /api/v1/recurring-gifts — the API key's organization's recurring gifts (read:donations)
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { listRecurringGifts } from "@/lib/public-api/queries/list-recurring-gifts";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.listRecurringGifts, ({ actor, query }) => listRecurringGifts({ actor, query }));
