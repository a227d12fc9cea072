/**
 * One way to turn a zod failure into the `{ field: message }` map the forms show and the API
 * answers with (`fields` in a 400 body). Browser- and server-safe: no imports beyond types.
 */

/** What zodFieldErrors reads from a ZodError (or a `safeParse` failure's `error`). */
export type ZodIssueList = { issues: readonly { path: readonly PropertyKey[]; message: string }[] };

/** The default key: the whole path joined with dots ("card.number", "impacts.0.label"); "_" for the root. */
export const dottedPath = (path: string[]): string => path.join(".") || "_";

/** The first segment of the path only ("email" for ["email"]); "_" for the root. */
export const topField = (path: string[]): string => path[0] ?? "_";

/**
 * `{ field: first message }` of a zod error: for each field only its first issue counts, in
 * the schema's check order (which decides the message the spec shows first).
 * @param key maps an issue's path (as strings) to the field name; `dottedPath` by default.
 */
export function zodFieldErrors(error: ZodIssueList, key: (path: string[]) => string = dottedPath): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const issue of error.issues) {
    const name = key(issue.path.map(String));
    if (!(name in fields)) fields[name] = issue.message;
  }
  return fields;
}
