/** notFound() in this group: the not-found page inside the group's layout, whose top bar shows the session. */
export { default, metadata } from "@/app/(public)/(site)/not-found";
