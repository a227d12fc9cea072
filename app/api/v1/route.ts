// GET /api/v1 — the version's root is no call: a 404 in the API's problem details (its calls are listed at /api/v1/openapi.json), whatever the method
import { v1UnknownCall } from "@/lib/public-api/handler";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1UnknownCall();
