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

/**
 * `{ "card.number": message }` of a form library's nested field errors (react-hook-form's
 * `FieldErrors`: an object with a `message` per field, nested as the values are), in their
 * order, so a form shows its own check's messages and the server's `fields` alike.
 */
export function nestedFieldErrors(errors: { [field: string]: unknown }, prefix = ""): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [key, value] of Object.entries(errors)) {
    if (!value || typeof value !== "object") continue;
    const name = prefix ? `${prefix}.${key}` : key;
    const message: unknown = (value as { message?: unknown }).message;
    if (typeof message === "string") fields[name] = message;
    else Object.assign(fields, nestedFieldErrors(value as { [field: string]: unknown }, name));
  }
  return fields;
}

/** What refineWith needs of a zod refinement context: adding an issue. */
type IssueSink = { addIssue: (issue: { code: "custom"; message: string; path: PropertyKey[] }) => void };

/**
 * Check `value` with `schema` inside another schema's superRefine and add each of its issues
 * there, under `path`: a form's schema applies a payload schema to some of its fields only.
 */
export function refineWith(schema: { safeParse: (value: unknown) => { success: boolean; error?: ZodIssueList } }, value: unknown, ctx: IssueSink, path: PropertyKey[] = []): void {
  const parsed = schema.safeParse(value);
  if (parsed.success || !parsed.error) return;
  for (const issue of parsed.error.issues) ctx.addIssue({ code: "custom", message: issue.message, path: [...path, ...issue.path] });
}
