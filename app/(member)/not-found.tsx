/** notFound() in a member twin: the not-found page inside the (member) layout, whose top bar shows the session. */
export { default, metadata } from "@/app/(public)/not-found";
