export { ImageUpload, type ImageUploadMode, type ImageUploadProps } from "./image-upload";
export { OrganizationLogoUpload, ProfilePhotoUpload } from "./dashboard-images";
