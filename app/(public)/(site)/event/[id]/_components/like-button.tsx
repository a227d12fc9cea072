"use client";

import { Heart } from "lucide-react";
import Link from "next/link";
import { useEffect, useRef, useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";
import { useShownUser } from "@/components/layout/browser-session";

/**
 * Like / unlike an event (PUT /api/handleEventLikedButton); the count comes back from the
 * server. Signed out (`userId` null), pressing it asks the visitor to log in, with a link
 * that comes back to this event. On the cached page (`userId` "browser") the visitor is the
 * user the browser learns (components/layout/browser-session.ts): their press counts before the
 * view rendered for them, with their own like, has arrived.
 */
export function LikeButton({ eventId, userId: given, initialLiked, initialCount }: { eventId: string; userId: string | null | "browser"; initialLiked: boolean; initialCount: number }) {
  const userId = useShownUser(given, (u) => u._id);
  const [liked, setLiked] = useState(initialLiked);
  const [count, setCount] = useState(initialCount);
  // The server's figures replace the shown ones when they change (the view rendered for the
  // visitor arriving over the cached page's), until a press has brought fresher ones back.
  const answered = useRef(false);
  useEffect(() => {
    if (answered.current) return;
    setLiked(initialLiked);
    setCount(initialCount);
  }, [initialLiked, initialCount]);
  const [busy, setBusy] = useState(false);
  const [askSignIn, setAskSignIn] = useState(false);
  const prompt = useRef<HTMLAnchorElement>(null);

  async function toggle() {
    if (!userId) {
      setAskSignIn(true);
      requestAnimationFrame(() => prompt.current?.focus());
      return;
    }
    setBusy(true);
    try {
      // The API client carries the app's message catalogue (and zod with it): it loads on the
      // first press, so a visitor who only reads the event does not download it.
      const { requestJson } = await import("@/lib/client/request");
      const res = await requestJson<{ isLiked: boolean; likesCount: number }>("/api/handleEventLikedButton", { method: "PUT", body: { eventId, userId, isLiked: !liked } });
      if (res.ok) {
        answered.current = true;
        setLiked(res.data.isLiked);
        setCount(res.data.likesCount);
      }
    } finally {
      setBusy(false);
    }
  }

  const callbackUrl = `/event/${eventId}`;
  return (
    <div className="flex flex-col gap-2">
      <Button
        variant="outline"
        aria-pressed={liked}
        loading={busy}
        onClick={toggle}
        leftIcon={<Heart className={cn("size-4", liked && "fill-current text-accent-600")} aria-hidden="true" />}
      >
        {liked ? "Liked" : "Like"} · {count}
      </Button>
      <p role="status" className={askSignIn ? "text-sm text-ink" : "sr-only"}>
        {askSignIn ? (
          <>
            Log in to like this event.{" "}
            <Link ref={prompt} href={`/login?callbackUrl=${encodeURIComponent(callbackUrl)}`} className="font-semibold text-brand-700 underline underline-offset-4">
              Log in
            </Link>{" "}
            or{" "}
            <Link href="/signup" className="font-semibold text-brand-700 underline underline-offset-4">
              sign up
            </Link>
          </>
        ) : null}
      </p>
    </div>
  );
}
