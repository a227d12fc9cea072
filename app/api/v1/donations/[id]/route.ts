// GET /api/v1/donations/{id} — one donation of the API key's organization (read:donations)
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { getDonation } from "@/lib/public-api/queries/get-donation";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.getDonation, ({ actor, params }) => getDonation({ actor, id: params.id }));
