// GET /api/v1/{anything else} — no such call: a 404 in the API's problem details, whatever the method
import { v1UnknownCall } from "@/lib/public-api/handler";

export const { GET, OPTIONS, POST, PUT, PATCH, DELETE } = v1UnknownCall();
