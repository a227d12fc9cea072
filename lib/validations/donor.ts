/**
 * Donor account payloads (spec sections 3 and 5): preferences, the profile and settings
 * update payloads, password reset, newsletter, Contact Us, volunteer hours, impact stories
 * and giving statements. One schema per payload, shared by forms and route handlers.
 */
import "./zod-setup";
import { z } from "zod";
import type * as UsersModel from "@/models/users";
import { amountCentsField } from "./donation";
import { currentPasswordField, emailField, idParam, newPasswordField, profilePhoneField, settingsPhoneField } from "./fields";
import { messages } from "./messages";

/** Gender options (spec 3); kept equal to the database enum by the type check below. Client forms import this file, so it does not import the models. */
export const genderOptions = ["female", "male", "non-binary", "other"] as const satisfies typeof UsersModel.genderOptions;

/** The spec's age codes 0-4 (section 3: under 17, 18-34, 35-54, 55-74, over 74), by code. */
export const ageRangeLabels = ["under 17", "18-34", "35-54", "55-74", "over 74"] as const;

/** The label of an age code 0-4, or null for none or an unknown code. The one place for it. */
export function ageRangeLabel(code: number | null | undefined): string | null {
  return code !== null && code !== undefined && Number.isInteger(code) ? (ageRangeLabels[code] ?? null) : null;
}

/** ShareMyPrivateInfo: which details a donor shares with nonprofits when donating. */
export const shareMyPrivateInfoSchema = z.object({
  name: z.boolean(),
  gender: z.boolean(),
  age: z.boolean(),
  email: z.boolean(),
  telephone: z.boolean(),
  location: z.boolean(),
});
export type ShareMyPrivateInfo = z.infer<typeof shareMyPrivateInfoSchema>;

/** demographic: gender (female, male, non-binary, other or unset) and age code 0-4 (or unset). */
export const demographicSchema = z.object({
  gender: z.enum(genderOptions).nullable(),
  age: z.number().int().min(0).max(4).nullable(),
});

export const addressSchema = z.object({
  city: z.string().trim().max(100),
  state: z.string().trim().max(40),
});

/** GET /api/fetch/userPreferences/{userId} response. */
export type UserPreferences = {
  ShareMyPrivateInfo: ShareMyPrivateInfo;
  demographic: { gender: (typeof genderOptions)[number] | null; age: number | null };
  address: { city: string; state: string };
  telephone: string;
  otherGender: string;
};

const optionalText = (max: number) => z.string().trim().max(max);

/** PUT /api/update/user — the profile payload (spec 3: user update payload). */
export const updateProfileSchema = z.object({
  _id: z.string().min(1),
  firstName: z.string().trim().min(1, { error: messages.name.firstRequired }).max(80),
  lastName: z.string().trim().min(1, { error: messages.name.lastRequired }).max(80),
  organization_company: optionalText(120).optional().default(""),
  profileImg: z.string().trim().max(2000).nullable().optional(),
  ShareMyPrivateInfo: shareMyPrivateInfoSchema.optional(),
  demographic: demographicSchema.optional(),
  otherGender: optionalText(80).optional(),
  address: addressSchema.optional(),
  telephone: profilePhoneField.optional(),
});
export type UpdateProfileInput = z.infer<typeof updateProfileSchema>;

/**
 * PUT /api/update/user — the settings payload (spec 3: password, confirmPassword, email,
 * telephone, _id). Empty fields are dropped (spec 5). A new password needs the current one.
 */
export const updateSettingsSchema = z.object({
  _id: z.string().min(1),
  email: emailField.optional(),
  telephone: settingsPhoneField.optional(),
  password: newPasswordField.optional(),
  confirmPassword: currentPasswordField.optional(),
});
export type UpdateSettingsInput = z.infer<typeof updateSettingsSchema>;

/** The settings form (client): every visible field follows its section 5 rule. */
export const settingsFormSchema = z.object({
  email: emailField,
  telephone: settingsPhoneField,
});

/** Drop empty strings from a payload (spec 5: empty edit fields are dropped). */
export function dropEmpty<T extends Record<string, unknown>>(body: T): Partial<T> {
  return Object.fromEntries(Object.entries(body).filter(([, v]) => v !== "" && v !== undefined && v !== null)) as Partial<T>;
}

/** POST /api/forgot */
export const forgotSchema = z.object({ email: emailField });

/** PUT /api/authenticate/token: set a new password with a reset token. */
export const resetPasswordSchema = z.object({
  resetPasswordToken: z.string().trim().min(10).max(200),
  password: newPasswordField,
});
export type ResetPasswordInput = z.infer<typeof resetPasswordSchema>;

/** GET /api/authenticate/token query: the reset token to check. */
export const resetTokenQuerySchema = resetPasswordSchema.pick({ resetPasswordToken: true });

/** The reset form (client): new password and its retype. */
export const resetPasswordFormSchema = z
  .object({ password: newPasswordField, confirmPassword: z.string() })
  .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], error: messages.password.mismatch });

/** POST /api/subscribe */
export const subscribeSchema = z.object({ email: emailField });

/** POST /api/sendFeedback (userName, email, description). */
export const feedbackSchema = z.object({
  userName: z.string().trim().min(1, { error: messages.donor.nameRequired }).max(120),
  email: emailField,
  description: z.string().trim().min(1, { error: messages.donor.messageRequired }).max(5000),
});

/** POST /api/volunteer — a donor logs hours. */
export const logHoursSchema = z.object({
  organizationId: idParam,
  date: z.iso.date({ error: messages.donor.dateInvalid }),
  hours: z.coerce
    .number({ error: messages.donor.hoursInvalid })
    .min(0.25, { error: messages.donor.hoursInvalid })
    .max(24, { error: messages.donor.hoursInvalid }),
  description: z.string().trim().min(1, { error: messages.donor.descriptionRequired }).max(1000),
});
export type LogHoursInput = z.infer<typeof logHoursSchema>;

/** PUT /api/volunteer/{id} and PUT /api/stories/{id} — a nonprofit reviews an entry. */
export const reviewSchema = z.object({ status: z.enum(["approved", "declined"]) });

/** POST /api/stories — a donor writes an impact story. */
export const createStorySchema = z.object({
  organizationId: idParam,
  title: z.string().trim().min(1, { error: messages.donor.titleRequired }).max(120),
  body: z.string().trim().min(1, { error: messages.donor.storyRequired }).max(5000),
  imageUrl: z.string().trim().max(2000).optional().nullable(),
});
export type CreateStoryInput = z.infer<typeof createStorySchema>;

/**
 * PUT /api/donor/recurring/{id} — change a recurring gift's amount (cents), within the same
 * limits as a one-time gift ($1 to DONATION_MAX_CENTS).
 */
export function changeRecurringSchemaFor(maxCents?: number) {
  return z.object({ amountCents: amountCentsField(maxCents) });
}

/** GET /api/donor/{id}/statement?year=YYYY&format=pdf|csv and GET /api/volunteer/export. */
export const statementQuerySchema = z.object({
  year: z.coerce.number().int().min(2000).max(2100),
  format: z.enum(["pdf", "csv"]).default("pdf"),
});
export const exportQuerySchema = z.object({ format: z.enum(["pdf", "csv"]).default("csv") });

/**
 * PUT /api/update/user carries either the profile payload (it has firstName) or the
 * settings payload; each is validated by its own schema.
 */
export function parseUpdateUser(
  body: unknown,
): { kind: "profile"; input: UpdateProfileInput } | { kind: "settings"; input: UpdateSettingsInput } {
  const isProfile = typeof body === "object" && body !== null && "firstName" in body;
  if (isProfile) return { kind: "profile", input: updateProfileSchema.parse(body) };
  const raw = typeof body === "object" && body !== null ? dropEmpty(body as Record<string, unknown>) : body;
  return { kind: "settings", input: updateSettingsSchema.parse(raw) };
}
