// GET /api/v1/organization/fundraisers — the API key's organization's fundraisers, ended ones too (read:fundraisers)
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { listOrganizationFundraisers } from "@/lib/public-api/queries/list-organization-fundraisers";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.listOrganizationFundraisers, ({ actor, query }) => listOrganizationFundraisers({ actor, query }));
