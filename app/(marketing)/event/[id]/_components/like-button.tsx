"use client";

import { Heart } from "lucide-react";
import { useState } from "react";
import { Button } from "@/components/ui/button";
import { cn } from "@/components/ui/cn";

/** Like / unlike an event (PUT /api/handleEventLikedButton); the count comes back from the server. */
export function LikeButton({ eventId, userId, initialLiked, initialCount }: { eventId: string; userId: string; initialLiked: boolean; initialCount: number }) {
  const [liked, setLiked] = useState(initialLiked);
  const [count, setCount] = useState(initialCount);
  const [busy, setBusy] = useState(false);

  async function toggle() {
    setBusy(true);
    try {
      const res = await fetch("/api/handleEventLikedButton", {
        method: "PUT",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ eventId, userId, isLiked: !liked }),
      });
      if (res.ok) {
        const body = (await res.json()) as { isLiked: boolean; likesCount: number };
        setLiked(body.isLiked);
        setCount(body.likesCount);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <Button
      variant="outline"
      aria-pressed={liked}
      loading={busy}
      onClick={toggle}
      leftIcon={<Heart className={cn("size-4", liked && "fill-current text-accent-600")} aria-hidden="true" />}
    >
      {liked ? "Liked" : "Like"} · {count}
    </Button>
  );
}
