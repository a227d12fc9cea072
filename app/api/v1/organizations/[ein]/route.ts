// GET /api/v1/organizations/{ein} — one directory organization by EIN (public)
import { v1Route } from "@/lib/public-api/handler";
import { operations } from "@/lib/public-api/operations";
import { getOrganizationByEin } from "@/lib/public-api/queries/get-organization-by-ein";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.getOrganization, ({ params }) => getOrganizationByEin({ ein: params.ein }));
