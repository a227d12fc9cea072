"use client";

import "@/lib/validations/zod-setup";
import { useRouter } from "next/navigation";
import { useEffect, useRef, useState, useSyncExternalStore } from "react";
import { useWatch } from "react-hook-form";
import { useForm } from "@/components/ui/use-form";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Select } from "@/components/ui/select";
import { TextAreaField, TextField } from "@/components/ui/input";
import { requestJson } from "@/lib/client/request";
import { zodFieldErrors } from "@/lib/validations/field-errors";
import { createSupporterPageSchema, SUPPORTER_STORY_MAX, SUPPORTER_TITLE_MAX, TEAM_NAME_MAX } from "@/lib/validations/supporter-pages";

/** The form's values, all as typed (goals in dollars). */
export type StartPageValues = {
  title: string;
  story: string;
  goal: string;
  teamMode: "none" | "create" | "join";
  teamName: string;
  teamGoal: string;
  teamId: string;
  giftNotice: "each" | "digest" | "none";
  shareEmailWithOrganization: boolean;
};

export type StartPageFormProps = {
  fundraiserId: string;
  fundraiserName: string;
  organizationName: string;
  /** The organization's suggestions, in dollars ("500") and text. */
  suggestedGoal: string;
  suggestedStory: string;
  teamsAllowed: boolean;
  teams: { id: string; name: string }[];
  /** A team to join, chosen on its page ("Join this team"). */
  teamId: string | null;
  signedIn: boolean;
  /** Where a visitor who is not signed in goes to sign in (and back here). */
  loginHref: string;
  signupHref: string;
};

/** The request body of POST /api/fundraisers/{id}/supporter-pages from the form's values. */
function bodyOf(v: StartPageValues) {
  const team = v.teamMode === "create" ? { mode: "create", name: v.teamName, goal: v.teamGoal } : v.teamMode === "join" ? { mode: "join", teamId: v.teamId } : { mode: "none" };
  return { title: v.title, story: v.story, goal: v.goal, team, giftNotice: v.giftNotice, shareEmailWithOrganization: v.shareEmailWithOrganization };
}

/** A server or schema field name -> the form field showing its message. */
const FIELD_OF: Record<string, keyof StartPageValues> = { title: "title", story: "story", goal: "goal", "team.name": "teamName", "team.goal": "teamGoal", "team.teamId": "teamId", team: "teamId", giftNotice: "giftNotice" };

const draftKey = (fundraiserId: string) => `supporter-page-draft:${fundraiserId}`;
/** Session storage has no change event within a tab: the draft is read once per render. */
const noSubscription = () => () => undefined;

/**
 * "Start your own fundraiser": title, goal, story, a team (none, a new one, or one to join),
 * how the supporter hears of gifts and whether the organization may see their email. Checked
 * in the browser with the server's own schema and messages, then posted. A visitor who is not
 * signed in keeps what they typed: the draft waits in this tab's session storage while they
 * sign in or sign up, and is filled back in when they return.
 */
export function StartPageForm(props: StartPageFormProps) {
  const router = useRouter();
  const [formError, setFormError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    control,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<StartPageValues>({
    defaultValues: {
      title: "",
      story: props.suggestedStory,
      goal: props.suggestedGoal,
      teamMode: props.teamId ? "join" : "none",
      teamName: "",
      teamGoal: "",
      teamId: props.teamId ?? props.teams[0]?.id ?? "",
      giftNotice: "each",
      shareEmailWithOrganization: false,
    },
  });
  const teamMode = useWatch({ control, name: "teamMode" });

  // What was typed before signing in comes back (this tab's session storage; none on the server).
  const draft = useSyncExternalStore(
    noSubscription,
    () => sessionStorage.getItem(draftKey(props.fundraiserId)),
    () => null,
  );
  const restored = draft !== null;
  useEffect(() => {
    if (!draft) return;
    try {
      reset(JSON.parse(draft) as StartPageValues);
    } catch {
      sessionStorage.removeItem(draftKey(props.fundraiserId));
    }
  }, [draft, props.fundraiserId, reset]);

  function showFieldErrors(fields: Record<string, string>): boolean {
    let shown = false;
    for (const [name, message] of Object.entries(fields)) {
      const field = FIELD_OF[name];
      if (field) {
        setError(field, { message }, { shouldFocus: !shown });
        shown = true;
      }
    }
    return shown;
  }

  async function submit(values: StartPageValues) {
    setFormError(null);
    const body = bodyOf(values);
    const checked = createSupporterPageSchema.safeParse(body);
    if (!checked.success) {
      showFieldErrors(zodFieldErrors(checked.error));
      return;
    }
    if (!props.signedIn) {
      sessionStorage.setItem(draftKey(props.fundraiserId), JSON.stringify(values));
      router.push(props.loginHref);
      return;
    }
    const res = await requestJson<{ id: string; status: string }>(`/api/fundraisers/${encodeURIComponent(props.fundraiserId)}/supporter-pages`, { method: "POST", body });
    if (!res.ok) {
      if (!showFieldErrors(res.fields)) {
        setFormError(res.message);
        requestAnimationFrame(() => errorRef.current?.focus());
      }
      return;
    }
    sessionStorage.removeItem(draftKey(props.fundraiserId));
    router.push(`/fundraising-pages/${encodeURIComponent(res.data.id)}?created=1`);
  }

  return (
    <form method="post" noValidate className="space-y-5" onSubmit={(e) => void handleSubmit(submit)(e)} aria-describedby={formError ? "start-form-error" : undefined}>
      {restored ? (
        <Alert variant="success" title={props.signedIn ? "Welcome back!" : "Your draft is here"}>
          {props.signedIn ? "We kept what you typed. Check your page and create it." : "We kept what you typed."}
        </Alert>
      ) : null}
      {formError ? (
        <div ref={errorRef} tabIndex={-1} id="start-form-error">
          <Alert variant="error">{formError}</Alert>
        </div>
      ) : null}
      <TextField label="Page title" required maxLength={SUPPORTER_TITLE_MAX} placeholder={`e.g. Ana's ${props.fundraiserName}`} {...register("title")} error={errors.title?.message} />
      <TextField label="Your goal (USD)" required inputMode="decimal" autoComplete="off" {...register("goal")} error={errors.goal?.message} hint="You can change it later." />
      <TextAreaField label="Your story" rows={6} maxLength={SUPPORTER_STORY_MAX} {...register("story")} error={errors.story?.message} hint={`Why you support ${props.organizationName}. Plain text; blank lines start a new paragraph.`} />

      {props.teamsAllowed ? (
        <fieldset className="space-y-3 rounded-card border border-slate-200 p-4">
          <legend className="px-1 font-semibold text-ink">Team</legend>
          <div className="flex flex-col gap-2">
            <label className="flex min-h-11 items-center gap-3">
              <input type="radio" value="none" {...register("teamMode")} className="size-5 accent-brand-700" />
              Fundraise on my own
            </label>
            <label className="flex min-h-11 items-center gap-3">
              <input type="radio" value="create" {...register("teamMode")} className="size-5 accent-brand-700" />
              Create a team and be its captain
            </label>
            <label className={`flex min-h-11 items-center gap-3 ${props.teams.length ? "" : "text-ink-muted"}`}>
              <input type="radio" value="join" disabled={!props.teams.length} {...register("teamMode")} className="size-5 accent-brand-700" />
              Join a team{props.teams.length ? "" : " (none yet)"}
            </label>
          </div>
          {teamMode === "create" ? (
            <div className="grid gap-4 sm:grid-cols-2">
              <TextField label="Team name" required maxLength={TEAM_NAME_MAX} {...register("teamName")} error={errors.teamName?.message} />
              <TextField label="Team goal (USD)" required inputMode="decimal" {...register("teamGoal")} error={errors.teamGoal?.message} />
            </div>
          ) : null}
          {teamMode === "join" ? (
            <Select label="Team to join" options={props.teams.map((t) => ({ value: t.id, label: t.name }))} {...register("teamId")} error={errors.teamId?.message} />
          ) : null}
        </fieldset>
      ) : null}

      <fieldset className="space-y-2 rounded-card border border-slate-200 p-4">
        <legend className="px-1 font-semibold text-ink">Email me about gifts to my page</legend>
        <label className="flex min-h-11 items-center gap-3">
          <input type="radio" value="each" {...register("giftNotice")} className="size-5 accent-brand-700" />
          For each gift
        </label>
        <label className="flex min-h-11 items-center gap-3">
          <input type="radio" value="digest" {...register("giftNotice")} className="size-5 accent-brand-700" />
          Once a day, when there are new gifts
        </label>
        <label className="flex min-h-11 items-center gap-3">
          <input type="radio" value="none" {...register("giftNotice")} className="size-5 accent-brand-700" />
          Never
        </label>
        <p className="text-sm text-ink-muted">We tell you the donor&apos;s name only when they chose to share it.</p>
      </fieldset>

      <Checkbox label={`Let ${props.organizationName} see my email address`} description="So the organization can thank you and reach you about the event. Without it, they see your name only." {...register("shareEmailWithOrganization")} />

      <Button type="submit" size="lg" fullWidth loading={isSubmitting} loadingLabel="Creating your page...">
        {props.signedIn ? "Create my page" : "Continue: sign in to create my page"}
      </Button>
      {!props.signedIn ? (
        <p className="text-center text-sm text-ink-muted">
          New to Givebridge?{" "}
          <a
            href={props.signupHref}
            className="font-semibold text-brand-700 underline-offset-4 hover:underline"
            onClick={(e) => {
              e.preventDefault();
              void handleSubmit((values) => {
                sessionStorage.setItem(draftKey(props.fundraiserId), JSON.stringify(values));
                router.push(props.signupHref);
              })();
            }}
          >
            Create a free donor account
          </a>{" "}
          — we keep what you typed.
        </p>
      ) : null}
    </form>
  );
}
