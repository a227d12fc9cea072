// GET /api/v1/donations — the API key's organization's donations, only what each donor shared (read:donations)
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { listDonations } from "@/lib/public-api/queries/list-donations";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.listDonations, ({ actor, query }) => listDonations({ actor, query }));
