import type { ReactNode } from "react";
import { EmbedFrame } from "@/components/embed/embed-frame";

/** The embeddable donate form (/embed/…, framed by other sites): none of the site's bars. */
export default function EmbedLayout({ children }: { children: ReactNode }) {
  return (
    <div className="min-h-dvh bg-white">
      <EmbedFrame>{children}</EmbedFrame>
    </div>
  );
}
