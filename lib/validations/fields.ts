/**
 * Field rules of the spec's section 5, as zod schemas shared by react-hook-form resolvers and
 * route handlers. The order of checks decides which message shows first.
 */
import "./zod-setup";
import { z } from "zod";
import { fieldLabel } from "./error-map";
import { messages } from "./messages";
import { isUsStateCode } from "./us-states";

export { fieldLabel };

/** Donor email: not empty ('Email cannot be empty'), valid format ('Invalid Format'). */
export const emailField = z
  .string({ error: messages.email.empty })
  .trim()
  .min(1, { error: messages.email.empty })
  .max(254, { error: messages.email.invalid })
  .pipe(z.email({ error: messages.email.invalid }));

/** New password: not empty, 8 to 40 characters, contains a digit (spec 5 and 9). */
export const newPasswordField = z
  .string({ error: messages.password.empty })
  .min(1, { error: messages.password.empty })
  .min(8, { error: messages.password.tooShort })
  .max(40, { error: messages.password.tooLong })
  .regex(/\d/, { error: messages.password.noNumber });

/** A nonprofit user's new password (spec 5, nonprofit change password; 8 to 40 characters, spec 9). */
export const nonprofitNewPasswordField = z
  .string({ error: messages.password.nonprofitEmpty })
  .min(1, { error: messages.password.nonprofitEmpty })
  .min(8, { error: messages.password.nonprofitMin })
  .max(40, { error: messages.password.tooLong });

/** A password given to sign in or to confirm the current one: any non-empty text. */
export const currentPasswordField = z
  .string({ error: messages.password.empty })
  .min(1, { error: messages.password.empty })
  .max(1024, { error: messages.password.tooLong });

/** Settings phone: not empty, digits only, 10 to 13 characters (spec 5). */
export const settingsPhoneField = z
  .string({ error: messages.phone.empty })
  .trim()
  .min(1, { error: messages.phone.empty })
  .regex(/^\d*$/, { error: messages.phone.letters })
  .min(10, { error: messages.phone.tooShort })
  .max(13, { error: messages.phone.tooLong });

/** Profile phone: optional (empty allowed), digits only, 10 to 13 characters (spec 5). */
export const profilePhoneField = z
  .string()
  .trim()
  .regex(/^\d*$/, { error: messages.phone.lettersOrSpace })
  .max(13, { error: messages.phone.tooLong })
  .refine((v) => v.length === 0 || v.length >= 10, { error: messages.phone.tooShort });

/** A person's name part: trimmed, 1 to 80 characters. */
export const personName = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).trim().min(1, { error: requiredMessage }).max(80);

/**
 * An EIN as typed: 9 digits with an optional dash after the second ("12-3456789").
 * Output: the 9 digits.
 */
export const einField = z
  .string({ error: messages.organization.einInvalid })
  .trim()
  .regex(/^\d{2}-?\d{7}$/, { error: messages.organization.einInvalid })
  .transform((v) => v.replace("-", ""));

/**
 * Two-letter US state or territory code, upper-cased, one of US_STATES (us-states.ts): an
 * organization's state decides its time zone (lib/time/organization-time-zone.ts), so any other
 * value is refused (messages.state.invalid).
 */
export const stateField = z
  .string({ error: messages.state.invalid })
  .trim()
  .toUpperCase()
  .refine(isUsStateCode, { error: messages.state.invalid });

/** Five-digit ZIP code, optionally with +4. */
export const zipField = z
  .string()
  .trim()
  .regex(/^\d{5}(-\d{4})?$/, { error: "Enter a 5-digit ZIP code." });

/** Opaque record id in a URL. */
export const idParam = z.string().trim().min(1).max(64).regex(/^[A-Za-z0-9_-]+$/, { error: messages.generic.notFound });

// C0 controls and DEL; tab, line feed and carriage return are allowed in free text.
const CONTROL_STRICT = /[\u0000-\u001F\u007F]/;
const CONTROL_TEXT = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/**
 * The path of the first string (or object key) holding a control character in `value`, or null.
 * NUL and the other C0 controls are never meaningful in a form field, and PostgreSQL refuses
 * NUL in text. `allowLineBreaks`: tab, LF and CR pass (descriptions, messages).
 */
export function controlCharacterPath(value: unknown, allowLineBreaks: boolean, path: PropertyKey[] = []): PropertyKey[] | null {
  const bad = allowLineBreaks ? CONTROL_TEXT : CONTROL_STRICT;
  if (typeof value === "string") return bad.test(value) ? path : null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const at = controlCharacterPath(value[i], allowLineBreaks, [...path, i]);
      if (at) return at;
    }
    return null;
  }
  if (value && typeof value === "object") {
    for (const [k, v] of Object.entries(value)) {
      if (CONTROL_STRICT.test(k)) return [...path, k];
      const at = controlCharacterPath(v, allowLineBreaks, [...path, k]);
      if (at) return at;
    }
  }
  return null;
}

/** Free text without control characters (tab and line breaks allowed), with the field's message. */
export const plainText = (message?: string) =>
  z.string({ error: message }).refine((v) => !CONTROL_TEXT.test(v), { error: (iss) => message ?? messages.fields.controlCharacters(fieldLabel(iss.path ?? [])) });
