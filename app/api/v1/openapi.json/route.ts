// GET /api/v1/openapi.json — the OpenAPI 3.1 document of version 1 (public)
import { v1Route } from "@/lib/public-api/handler";
import { openApiDocument } from "@/lib/public-api/openapi";
import { operations } from "@/lib/public-api/operations";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1Route(operations.getOpenApiDocument, async () => ({ ...openApiDocument() }));
