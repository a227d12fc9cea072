// GET /api/v1/donors — the API key's organization's donors, only what each donor shared (read:donors)
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { listDonors } from "@/lib/public-api/queries/list-donors";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.listDonors, ({ actor, query }) => listDonors({ actor, query }));
