/** /fundraiser/:id/t/:slug for a signed-in visitor: the cached page's content, rendered per request under the (member) layout. */
export { default, generateMetadata } from "@/app/(public)/fundraiser/[id]/t/[slug]/page";
