import type { Metadata } from "next";
import { NotFoundContent } from "@/components/layout/not-found-content";

export const metadata: Metadata = { title: "Page not found" };

/** Any path without a page (spec: any other path shows the not-found page). */
export default function NotFound() {
  return <NotFoundContent />;
}
