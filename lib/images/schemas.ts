/** Zod schemas of the image calls, shared by the widget and the route handlers. */
import { z } from "zod";
import { IMAGE_FIELDS } from "./constants";

const identifier = z.string().trim().min(1).max(100);

/** The text fields of the upload form (the files are checked separately, before buffering). */
export const imageUploadFieldsSchema = z.object({
  field: z.enum(IMAGE_FIELDS),
  identifier,
  croppedImageFileName: z.string().max(255).optional(),
  originalImageFileName: z.string().max(255).optional(),
});

/** DELETE /api/images body; `url` is the image the client wants removed (checked against the record). */
export const imageDeleteSchema = z.object({
  field: z.enum(IMAGE_FIELDS),
  identifier,
  url: z.string().max(2048).nullish(),
});
export type ImageDeleteInput = z.infer<typeof imageDeleteSchema>;
