// GET /api/v1/donors/{id} — one donor of the API key's organization (read:donors)
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { getDonor } from "@/lib/public-api/queries/list-donors";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.getDonor, ({ actor, params }) => getDonor({ actor, id: params.id }));
