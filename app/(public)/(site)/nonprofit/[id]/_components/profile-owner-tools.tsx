"use client";

/**
 * The owner's profile settings on /nonprofit/{id}: go live or hide the profile
 * (PUT /api/toggleLive) and the vanity nickname giving the short URL /nonprofit/{nickname}
 * (GET /api/checkNickname/{n} while typing, PUT /api/updateNickname to save).
 */
import { Eye, EyeOff } from "lucide-react";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useId, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Card, CardTitle } from "@/components/ui/card";
import { TextField } from "@/components/ui/input";
import { usePrehydrationText } from "@/components/ui/use-prehydration-text";
import { messages } from "@/lib/validations/messages";
import { nicknameField } from "@/lib/validations/organization";
import { sendJson } from "./profile-edit-kit";

type Availability = { state: "idle" | "checking" | "available" | "taken" | "invalid" | "error"; message?: string };

export function ProfileOwnerTools({
  organizationId,
  live,
  approved,
  nickname,
  origin,
}: {
  organizationId: string;
  live: boolean;
  approved: boolean;
  nickname: string | null;
  /** The site's public base URL, for the displayed short link. */
  origin: string;
}) {
  const router = useRouter();
  const ids = useId();
  const [toggling, setToggling] = useState(false);
  const [liveError, setLiveError] = useState<string | null>(null);
  const [value, setValue] = useState(nickname ?? "");
  const nicknameRef = usePrehydrationText(value, setValue);
  const [checked, setChecked] = useState<{ name: string; result: Availability } | null>(null);
  const [saving, setSaving] = useState(false);
  const [nickError, setNickError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);

  // Format problems show at once; availability is asked of the server 300 ms after typing stops.
  const typed = value.trim().toLowerCase();
  const local = typed && typed !== (nickname ?? "") ? nicknameField.safeParse(typed) : null;
  const candidate = local?.success ? local.data : null;
  const availability: Availability = !local
    ? { state: "idle" }
    : !local.success
      ? { state: "invalid", message: local.error.issues[0]!.message }
      : checked?.name === candidate
        ? checked.result
        : { state: "checking" };

  useEffect(() => {
    if (!candidate) return;
    let stale = false;
    const timer = setTimeout(async () => {
      const result = await sendJson<{ available: boolean }>(`/api/checkNickname/${encodeURIComponent(candidate)}`, "GET");
      if (stale) return;
      const outcome: Availability = !result.ok
        ? result.status === 400
          ? { state: "invalid", message: result.message }
          : { state: "error" }
        : result.data.available
          ? { state: "available" }
          : { state: "taken", message: messages.organizationProfile.nicknameTaken };
      setChecked({ name: candidate, result: outcome });
    }, 300);
    return () => {
      stale = true;
      clearTimeout(timer);
    };
  }, [candidate]);

  const toggle = async () => {
    setToggling(true);
    setLiveError(null);
    const result = await sendJson<{ live: boolean }>("/api/toggleLive", "PUT", { npID: organizationId });
    setToggling(false);
    if (!result.ok) {
      setLiveError(result.message);
      return;
    }
    setNotice(result.data.live ? "Your profile is live." : "Your profile is hidden.");
    router.refresh();
  };

  const saveNickname = async (next: string | null) => {
    setNickError(null);
    setNotice(null);
    let nick: string | null = null;
    if (next !== null) {
      const parsed = nicknameField.safeParse(next);
      if (!parsed.success) {
        setNickError(parsed.error.issues[0]!.message);
        return;
      }
      nick = parsed.data;
    }
    setSaving(true);
    const result = await sendJson<{ nickname: string | null }>("/api/updateNickname", "PUT", { npID: organizationId, nickname: nick });
    setSaving(false);
    if (!result.ok) {
      setNickError(result.message);
      return;
    }
    setValue(result.data.nickname ?? "");
    setNotice(result.data.nickname ? `Your short link is ready: /nonprofit/${result.data.nickname}` : "Your short link was removed.");
    // Viewing the profile through its old nickname: that address no longer resolves.
    if (window.location.pathname !== `/nonprofit/${organizationId}`) router.replace(`/nonprofit/${result.data.nickname ?? organizationId}`);
    else router.refresh();
  };

  const hint =
    availability.state === "checking"
      ? "Checking…"
      : availability.state === "available"
        ? "This name is available."
        : availability.state === "error"
          ? "We could not check this name right now."
          : (availability.message ?? "3 to 40 lowercase letters, digits or hyphens.");
  const blocked = availability.state === "taken" || availability.state === "invalid";

  return (
    <Card as="section" aria-labelledby={`${ids}-title`} className="mb-6">
      <CardTitle as="h2">
        <span id={`${ids}-title`}>Profile settings</span>
      </CardTitle>
      <p className="sr-only" role="status" aria-live="polite">
        {notice ?? ""}
      </p>
      <div className="mt-4 grid gap-6 md:grid-cols-2">
        <div>
          <h3 className="text-sm font-semibold text-ink">Visibility</h3>
          <p className="mt-1 flex items-center gap-2 text-sm text-ink" data-testid="live-status">
            {live ? <Eye className="size-4 text-brand-700" aria-hidden="true" /> : <EyeOff className="size-4 text-ink-muted" aria-hidden="true" />}
            {live ? "Live: everybody can see your profile." : "Hidden: only you can see your profile."}
          </p>
          {liveError ? (
            <Alert variant="error" className="mt-2">
              {liveError}
            </Alert>
          ) : null}
          <Button size="sm" variant={live ? "outline" : "primary"} className="mt-3" loading={toggling} onClick={() => void toggle()} disabled={!live && !approved}>
            {live ? "Hide profile" : "Go live"}
          </Button>
          {!live && !approved ? <p className="mt-2 text-sm text-ink-muted">{messages.organizationProfile.liveNeedsApproval}</p> : null}
        </div>
        <form method="post"
          onSubmit={(e) => {
            e.preventDefault();
            void saveNickname(value);
          }}
          noValidate
          aria-label="Short link"
        >
          <h3 className="text-sm font-semibold text-ink">Short link</h3>
          {nickname ? (
            <p className="mt-1 text-sm break-all">
              <Link href={`/nonprofit/${nickname}`} className="font-semibold text-brand-700 hover:underline">
                {origin}/nonprofit/{nickname}
              </Link>
            </p>
          ) : (
            <p className="mt-1 text-sm text-ink-muted">Choose a name for a short address to share.</p>
          )}
          <TextField
            label="Nickname"
            containerClassName="mt-3"
            ref={nicknameRef}
            value={value}
            onChange={(e) => setValue(e.target.value)}
            maxLength={40}
            autoCapitalize="none"
            autoCorrect="off"
            spellCheck={false}
            hint={<span aria-live="polite">{hint}</span>}
            error={nickError ?? undefined}
          />
          <div className="mt-3 flex flex-wrap gap-2">
            <Button type="submit" size="sm" loading={saving} loadingLabel="Saving…" disabled={blocked || !value.trim()}>
              Save nickname
            </Button>
            {nickname ? (
              <Button size="sm" variant="ghost" onClick={() => void saveNickname(null)} disabled={saving}>
                Remove
              </Button>
            ) : null}
          </div>
        </form>
      </div>
    </Card>
  );
}
