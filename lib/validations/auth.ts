/** Payloads of sign-in, sign-up and password change (one schema each, client and server). */
import "./zod-setup";
import { z } from "zod";
import {
  currentPasswordField,
  einField,
  emailField,
  newPasswordField,
  nonprofitNewPasswordField,
  personName,
  stateField,
  zipField,
} from "./fields";
import { messages } from "./messages";

/** POST /api/authenticate and the login form. */
export const signInSchema = z.object({
  email: emailField,
  password: currentPasswordField,
});
export type SignInInput = z.infer<typeof signInSchema>;

const accountFields = {
  firstName: personName(messages.name.firstRequired),
  lastName: personName(messages.name.lastRequired),
  email: emailField,
  password: newPasswordField,
};

/** POST /api/register/individual */
export const registerDonorSchema = z.object({
  ...accountFields,
  organization_company: z.string().trim().max(120).optional().default(""),
});
export type RegisterDonorInput = z.infer<typeof registerDonorSchema>;

/** POST /api/register/nonprofit: the account claims the directory organization with this EIN. */
export const registerNonprofitSchema = z.object({
  ...accountFields,
  ein: einField,
});
export type RegisterNonprofitInput = z.infer<typeof registerNonprofitSchema>;

/**
 * The same body as the server reads it: past the claim limits of an address the browser adds
 * `altcha`, the solved proof-of-work challenge (lib/services/claims/claim-limits.ts).
 */
export const registerNonprofitWithCheckSchema = registerNonprofitSchema.extend({ altcha: z.string().max(20_000).optional() });

/** POST /api/registerNonprofitWithoutEin/nonprofit: a new organization waiting for approval. */
export const registerNonprofitWithoutEinSchema = z.object({
  ...accountFields,
  organizationName: z
    .string({ error: messages.organization.nameRequired })
    .trim()
    .min(2, { error: messages.organization.nameRequired })
    .max(200),
  city: z.string().trim().min(1, { error: "City is required" }).max(100),
  state: stateField,
  zipcode: zipField,
});
export type RegisterNonprofitWithoutEinInput = z.infer<typeof registerNonprofitWithoutEinSchema>;

/** The account kind, as the session spells it ("individual") or as the actor does ("donor"). */
type AccountKind = "individual" | "donor" | "nonprofit" | "admin";

/** The new-password rules of a user type: the nonprofit rules of spec 5 for nonprofits, the donor rules otherwise. */
export const newPasswordFieldFor = (type: AccountKind) => (type === "nonprofit" ? nonprofitNewPasswordField : newPasswordField);

/** PUT /api/update/password: the signed-in user changes their own password, under their type's rules. */
export const updatePasswordSchemaFor = (type: AccountKind) =>
  z.object({
    userId: z.string().min(1),
    currentPassword: currentPasswordField,
    password: newPasswordFieldFor(type),
  });
export type UpdatePasswordInput = z.infer<ReturnType<typeof updatePasswordSchemaFor>>;

/** The change-password form: current, new and retyped password (retype must match, spec 5). */
export const changePasswordFormSchemaFor = (type: "individual" | "nonprofit" | "admin") =>
  z
    .object({
      currentPassword: currentPasswordField,
      password: newPasswordFieldFor(type),
      confirmPassword: z.string(),
    })
    .refine((v) => v.password === v.confirmPassword, { path: ["confirmPassword"], error: messages.password.mismatch });
export type ChangePasswordFormInput = z.infer<ReturnType<typeof changePasswordFormSchemaFor>>;

/** POST /api/authenticateAdmin body: the admin password (any non-empty text; checked in constant time). */
export const adminSignInSchema = z.object({ password: z.string({ error: messages.admin.passwordRequired }).min(1, { error: messages.admin.passwordRequired }).max(1024) });

/** Path of the emailed confirmation link, GET /api/confirm/{type}/{token} (spec section 5). */
export const confirmEmailParamsSchema = z.object({ type: z.string().min(1).max(40), token: z.string().min(10).max(200) });
