// GET /api/v1/organizations — directory search (public, cursor-paginated)
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { searchOrganizations } from "@/lib/public-api/queries/search-organizations";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.searchOrganizations, ({ query }) => searchOrganizations({ query }));
