/**
 * The platform's own name and logo, printed beside the organization's on every email
 * (lib/mail/layout.ts) and PDF receipt (lib/receipts/pdf-layout.ts).
 */

/** The platform's name as emails, receipts and statements print it. */
export const PLATFORM_NAME = "Givebridge";

/** The platform's logo as a static file under public/ (PNG, 192 px square). */
export const PLATFORM_LOGO_PATH = "/icons/icon-192.png";
