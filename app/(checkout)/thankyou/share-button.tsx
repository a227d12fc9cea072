"use client";

import { useState } from "react";
import { Share2 } from "lucide-react";
import { Button } from "@/components/ui/button";

/** Shares the fundraiser (Web Share API, else copies the link). */
export function ShareButton({ path, title }: { path: string; title: string }) {
  const [copied, setCopied] = useState(false);
  async function share() {
    const url = `${window.location.origin}${path}`;
    if (navigator.share) {
      await navigator.share({ title, text: `I just gave to ${title}. Join me!`, url }).catch(() => undefined);
      return;
    }
    await navigator.clipboard?.writeText(url).catch(() => undefined);
    setCopied(true);
  }
  return (
    <Button variant="outline" onClick={share} leftIcon={<Share2 className="size-4" aria-hidden="true" />}>
      {copied ? "Link copied" : "Share"}
    </Button>
  );
}
