/**
 * Image rules shared by the upload widget and the server (spec sections 5 and 9): one file,
 * images only, at most 10485760 bytes; crop ratios 16:9 (default), 1:1 and 1.5 (spotlight);
 * JPEG quality 70; height capped at 1080 px, square crops at 400 px.
 */

/** Largest accepted image file, in bytes (spec: 10 MB). */
export const MAX_IMAGE_BYTES = 10_485_760;

/** Crop aspect ratios (width / height) of the spec. */
export const CROP_ASPECTS = { wide: 16 / 9, square: 1, spotlight: 1.5 } as const;
export type CropAspect = keyof typeof CROP_ASPECTS;

/** JPEG quality of every stored image. */
export const JPEG_QUALITY = 70;
/** Height cap in pixels of stored images; square crops are capped lower. */
export const MAX_HEIGHT = 1080;
export const MAX_SQUARE_SIZE = 400;

/** Length of the random alphanumeric file-name suffix. */
export const SUFFIX_LENGTH = 15;
/** Prefix of the stored copy of the uncropped image. */
export const ORIGINAL_PREFIX = "original_";

/**
 * Which image of which record an upload changes (the crop result's `field`); `identifier` is
 * the id of that record: the user, the organization, the campaign, the event, the story or the
 * supporter page.
 */
export const IMAGE_FIELDS = ["profileImg", "logo", "campaignImage", "eventImage", "spotlightImage", "storyImage", "supporterPageImage"] as const;
export type ImageField = (typeof IMAGE_FIELDS)[number];

/** The aspect each field is cropped to. */
export const FIELD_ASPECT: Record<ImageField, CropAspect> = {
  profileImg: "square",
  logo: "square",
  campaignImage: "wide",
  eventImage: "wide",
  spotlightImage: "spotlight",
  storyImage: "wide",
  supporterPageImage: "wide",
};

/** Crop result sent by the widget (spec section 3). */
export type CropResult = {
  croppedImage: Blob;
  croppedImageFileName: string;
  field: ImageField;
  identifier: string;
  originalImage?: Blob;
  originalImageFileName?: string;
};

/** Delete result (spec section 3): `url` is the image that was removed. */
export type DeleteResult = { field: ImageField; identifier: string; url: string | null };

/** What the server answers to an upload. */
export type UploadedImage = { field: ImageField; identifier: string; url: string; originalUrl: string | null };
