// GET /api/v1/{anything else} — no such call: a 404 in the API's problem details
import { AppError } from "@/lib/errors";
import { route } from "@/lib/http/route";
import { problemResponse } from "@/lib/public-api/problem";
import { messages } from "@/lib/validations/messages";

export const GET = route<{ path: string[] }>(
  async () => {
    throw new AppError("not_found", messages.publicApi.unknownCall);
  },
  { onError: problemResponse },
);
