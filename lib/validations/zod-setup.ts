/**
 * zod settings that must hold before any schema runs. In the browser zod runs "jitless":
 * otherwise its first object parse probes `Function("")`, which the Content-Security-Policy
 * (no 'unsafe-eval', lib/http/security-headers.ts) refuses and reports as a violation. On the
 * server zod keeps its compiled fast path. zod reads the setting when a schema is built, so
 * this is imported first by messages.ts (which every form loads) and by the schema modules the
 * browser loads on their own (search.ts, for the search page).
 */
import { z } from "zod";

z.config({ jitless: typeof window !== "undefined" });
