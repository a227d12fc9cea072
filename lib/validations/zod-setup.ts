/**
 * zod settings that must hold before any schema runs. In the browser zod runs "jitless":
 * otherwise its first object parse probes `Function("")`, which the Content-Security-Policy
 * (no 'unsafe-eval', lib/http/security-headers.ts) refuses and reports as a violation. On the
 * server zod keeps its compiled fast path. zod reads the setting when a schema is built, so
 * every module that builds a schema imports this before zod. The message catalogue
 * (messages.ts) does not: a page that shows messages without validating anything (the donate
 * page until its form is submitted) then ships no zod.
 */
import { z } from "zod";

z.config({ jitless: typeof window !== "undefined" });
