/**
 * zod settings that must hold before any schema runs. In the browser zod runs "jitless":
 * otherwise its first object parse probes `Function("")`, which the Content-Security-Policy
 * (no 'unsafe-eval', lib/http/security-headers.ts) refuses and reports as a violation. On the
 * server zod keeps its compiled fast path. Imported by messages.ts, which every form loads.
 */
import { z } from "zod";

z.config({ jitless: typeof window !== "undefined" });
