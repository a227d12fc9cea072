import type { Metadata } from "next";
import { NotFoundContent } from "@/components/layout/not-found-content";
import { VisitorView } from "./_components/visitor-view";

export const metadata: Metadata = { title: "Page not found" };

/**
 * notFound() in a page of this group (an organization, fundraiser or event that does not exist or
 * is not public): the not-found page inside the group's layout. Other groups re-export it. The
 * owner of a profile that is not live, or of an unpublished event, gets it in place
 * (VisitorView), as the cached page is the same 404 for everyone.
 */
export default function PublicNotFound() {
  return (
    <VisitorView>
      <NotFoundContent />
    </VisitorView>
  );
}
