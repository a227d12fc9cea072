// GET /api/v1/fundraisers — active fundraisers of public organizations (public, cursor-paginated)
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { listFundraisers } from "@/lib/public-api/queries/list-fundraisers";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.listFundraisers, ({ query }) => listFundraisers({ query }));
