// GET /api/v1/fundraisers/{id} — one public fundraiser
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { getFundraiser } from "@/lib/public-api/queries/get-fundraiser";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.getFundraiser, ({ params }) => getFundraiser({ id: params.id }));
