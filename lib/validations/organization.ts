/**
 * Payloads of the nonprofit's public-profile edits (spec sections 4, 5 and 7): updateDashboard,
 * updateNP, updateNPSocialMedias, updateNPImpacts, updateSpotlight, checkNickname,
 * updateNickname and toggleLive. One schema per payload, shared by the profile page's forms
 * and the route handlers.
 *
 * Spec 5: "Empty edit fields are dropped from the update payload": every optional text of
 * updateDashboard and updateNP that is empty (or only spaces) is treated as absent.
 */
import "./zod-setup";
import { z } from "zod";
import { idParam, profilePhoneField, stateField, zipField } from "./fields";
import { messages } from "./messages";

const m = messages.organizationProfile;

/** "" and "   " become undefined, so an empty field leaves the stored value unchanged. */
const blankToUndefined = (v: unknown) => (typeof v === "string" && v.trim() === "" ? undefined : v);
const dropEmpty = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());

/** Leave out the keys whose value is undefined (the dropped empty fields). */
const withoutUndefined = <T extends Record<string, unknown>>(v: T): T => Object.fromEntries(Object.entries(v).filter(([, x]) => x !== undefined)) as T;

const text = (max: number) => z.string().trim().max(max, { error: m.textTooLong(max) });

/** The organization an edit is for; must be the signed-in nonprofit's own. */
export const npIdField = idParam;

/** A profile edit as the services take it: the body's `npID` (spec 7) under its internal name. */
export type ForOrganization<T extends { npID: string }> = Omit<T, "npID"> & { organizationId: string };

/** Rename a parsed body's `npID` (the spec's request name) to `organizationId`, once, at the route. */
export function forOrganization<T extends { npID: string }>({ npID, ...rest }: T): ForOrganization<T> {
  return { ...rest, organizationId: npID };
}

/** Nonprofit contact email (spec 5): 'Please enter a valid email address'. */
export const nonprofitEmailField = z
  .string({ error: messages.nonprofitEmail.invalid })
  .trim()
  .max(254, { error: messages.nonprofitEmail.invalid })
  .pipe(z.email({ error: messages.nonprofitEmail.invalid }));

/**
 * PUT /api/updateDashboard (spec 7): npID and the optional general-info fields. The contact
 * email must be valid and equal to confirmEmail (compared without case): 'Email address and
 * confirmation must match' (spec 5). A confirmation alone is a mismatch too.
 */
export const updateDashboardSchema = z
  .object({
    npID: npIdField,
    organizationName: dropEmpty(z.string().trim().max(200, { error: m.nameTooLong })),
    email: dropEmpty(nonprofitEmailField),
    confirmEmail: dropEmpty(z.string().trim().max(254, { error: messages.nonprofitEmail.mismatch })),
    phone: dropEmpty(profilePhoneField),
    address: dropEmpty(text(200)),
    address2: dropEmpty(text(200)),
    city: dropEmpty(text(100)),
    state: dropEmpty(stateField),
    zipcode: dropEmpty(zipField),
  })
  .superRefine((v, ctx) => {
    if ((v.email !== undefined || v.confirmEmail !== undefined) && v.email?.toLowerCase() !== v.confirmEmail?.toLowerCase()) {
      ctx.addIssue({ code: "custom", path: ["confirmEmail"], message: messages.nonprofitEmail.mismatch });
    }
  })
  .transform(withoutUndefined);
export type UpdateDashboardInput = z.infer<typeof updateDashboardSchema>;

/** The general-info fields of updateDashboard, in form order. */
export const dashboardFields = ["organizationName", "email", "confirmEmail", "phone", "address", "address2", "city", "state", "zipcode"] as const;
export type DashboardField = (typeof dashboardFields)[number];

/**
 * PUT /api/updateNP: description and mission (empty ones dropped). `stripeComplete: true`
 * (spec 7: "updateNP (org with stripeComplete true) [is] used to mark payment connection")
 * asks the server to re-check the payment connection; it is never stored as sent.
 */
export const updateNpSchema = z
  .object({
    npID: npIdField,
    description: dropEmpty(text(5000)),
    mission: dropEmpty(text(1000)),
    stripeComplete: z.boolean().optional(),
  })
  .transform(withoutUndefined);
export type UpdateNpInput = z.infer<typeof updateNpSchema>;

export const socialNetworks = ["website", "facebook", "twitter", "instagram", "linkedin", "youtube"] as const;
export type SocialNetwork = (typeof socialNetworks)[number];

/**
 * A web address as typed: trimmed, "https://" added when no scheme is given, then it must be
 * an http(s) URL with a dotted host name. Output: the normalized URL.
 */
export const webAddressField = z
  .string()
  .trim()
  .max(500, { error: m.linkInvalid })
  .transform((v) => (/^[a-z][a-z0-9+.-]*:/i.test(v) ? v : `https://${v.replace(/^\/+/, "")}`))
  .refine(
    (v) => {
      try {
        const url = new URL(v);
        return (url.protocol === "http:" || url.protocol === "https:") && /^[^.\s]+(\.[^.\s]+)+$/.test(url.hostname) && !url.username && !url.password;
      } catch {
        return false;
      }
    },
    { error: m.linkInvalid },
  );

/**
 * PUT /api/updateNPSocialMedias: the organization's full set of links. A network left out or
 * empty has no link afterwards.
 */
export const updateSocialMediasSchema = z.object({
  npID: npIdField,
  facebook: dropEmpty(webAddressField),
  twitter: dropEmpty(webAddressField),
  instagram: dropEmpty(webAddressField),
  linkedin: dropEmpty(webAddressField),
  youtube: dropEmpty(webAddressField),
  website: dropEmpty(webAddressField),
});
export type UpdateSocialMediasInput = z.infer<typeof updateSocialMediasSchema>;

/** Most impact figures shown on a profile. */
export const MAX_IMPACTS = 6;

/** One impact figure: a short value ("1,200") and what it counts ("meals served"). */
export const impactFigureSchema = z
  .object({ label: z.string().trim().max(60, { error: m.textTooLong(60) }), value: z.string().trim().max(30, { error: m.textTooLong(30) }) })
  .refine((f) => (f.label === "") === (f.value === ""), { error: m.impactIncomplete, path: ["value"] });

/** PUT /api/updateNPImpacts: the full list, in display order; fully empty rows are dropped. */
export const updateImpactsSchema = z.object({
  npID: npIdField,
  impacts: z
    .array(impactFigureSchema)
    .max(MAX_IMPACTS * 2, { error: m.tooManyImpacts(MAX_IMPACTS) })
    .transform((list) => list.filter((f) => f.label !== "" || f.value !== ""))
    .pipe(z.array(z.object({ label: z.string(), value: z.string() })).max(MAX_IMPACTS, { error: m.tooManyImpacts(MAX_IMPACTS) })),
});
export type UpdateImpactsInput = z.infer<typeof updateImpactsSchema>;

/** A stored image address: an http(s) URL or a path served by this app ("/uploads/..."). */
const imageUrlField = z
  .string()
  .trim()
  .max(1000, { error: m.imageUrlInvalid })
  .refine((v) => /^\/[^/\\]/.test(v) || /^https?:\/\/[^\s]+$/i.test(v), { error: m.imageUrlInvalid });

/**
 * PUT /api/updateSpotlight: title and description (empty ones are removed from the card);
 * imageUrl is kept unless given (null removes it). The image itself is uploaded by the image
 * widget, which writes the spotlight's imageUrl.
 */
export const updateSpotlightSchema = z.object({
  npID: npIdField,
  title: dropEmpty(text(120)),
  description: dropEmpty(text(1000)),
  imageUrl: z.preprocess(blankToUndefined, imageUrlField.nullable().optional()),
});
export type UpdateSpotlightInput = z.infer<typeof updateSpotlightSchema>;

/**
 * Route words a nickname may not take: /nonprofit/events/{id} is a route, and names of the
 * site's own pages would mislead visitors.
 */
export const RESERVED_NICKNAMES = new Set(
  (
    "events event new edit create settings admin api search find dashboard donate donation donations login logout signup " +
    "register nonprofit nonprofits campaign campaigns fundraiser fundraisers about help support contact manage-pay " +
    "connect-payments profile givebridge www static public null undefined 404 500"
  ).split(" "),
);

const UUID_SHAPE = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;

/**
 * A vanity nickname: lower-cased, 3 to 40 of [a-z0-9-] with single inner hyphens, not a route
 * word and not shaped like an organization id (so /nonprofit/{x} stays unambiguous).
 */
export const nicknameField = z
  .string({ error: m.nicknameFormat })
  .trim()
  .toLowerCase()
  .min(3, { error: m.nicknameFormat })
  .max(40, { error: m.nicknameFormat })
  .regex(/^[a-z0-9]+(-[a-z0-9]+)*$/, { error: m.nicknameFormat })
  .refine((v) => !RESERVED_NICKNAMES.has(v) && !UUID_SHAPE.test(v), { error: m.nicknameReserved });

/** PUT /api/updateNickname: a new nickname, or null to remove it. */
export const updateNicknameSchema = z.object({ npID: npIdField, nickname: nicknameField.nullable() });
export type UpdateNicknameInput = z.infer<typeof updateNicknameSchema>;

/** PUT /api/toggleLive (spec 7: body npID). */
export const toggleLiveSchema = z.object({ npID: npIdField });

/** GET /api/getSpotlight?npID= */
export const getSpotlightQuery = z.object({ npID: npIdField });

/**
 * Path of the admin's signed, single-use approval link, PUT /api/approve/{type}/{linkId}/{signature}:
 * only nonprofits are approved this way; the signature is base64url.
 */
export const approvalLinkParamsSchema = z.object({
  type: z.literal("nonprofit"),
  linkId: idParam,
  signature: z.string().trim().min(1).max(128).regex(/^[A-Za-z0-9_-]+$/),
});
