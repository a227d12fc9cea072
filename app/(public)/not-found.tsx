import type { Metadata } from "next";
import { NotFoundContent } from "@/components/layout/not-found-content";

export const metadata: Metadata = { title: "Page not found" };

/** notFound() in a page of this group (an organization, fundraiser or event that does not exist or is not public): the not-found page inside the group's layout. Other groups re-export it. */
export default function PublicNotFound() {
  return <NotFoundContent />;
}
