"use client";

import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState } from "react";
import { useWatch } from "react-hook-form";
import { useForm } from "@/components/ui/use-form";
import { ImageUpload } from "@/components/image-upload";
import { ShareButton } from "@/components/share/share-dialog";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Checkbox } from "@/components/ui/checkbox";
import { Modal } from "@/components/ui/dialog";
import { TextAreaField, TextField } from "@/components/ui/input";
import { Select } from "@/components/ui/select";
import { requestJson } from "@/lib/client/request";
import { formatCents } from "@/lib/money";
import type { SupporterPageView } from "@/lib/services/supporter-pages/supporter-pages";
import { SUPPORTER_STORY_MAX, SUPPORTER_TITLE_MAX, TEAM_NAME_MAX } from "@/lib/validations/supporter-pages";

type EditValues = {
  title: string;
  story: string;
  goal: string;
  giftNotice: SupporterPageView["giftNotice"];
  shareEmailWithOrganization: boolean;
  teamMode: "keep" | "none" | "create" | "join";
  teamName: string;
  teamGoal: string;
  teamId: string;
};

const FIELD_OF: Record<string, keyof EditValues> = { title: "title", story: "story", goal: "goal", team: "teamName", giftNotice: "giftNotice" };

/** 123456 -> "1234.56" (a goal as typed). */
const dollars = (cents: number) => (cents % 100 === 0 ? String(cents / 100) : (cents / 100).toFixed(2));

/**
 * A supporter's own page, to manage: share it, add or change its photo (the crop widget), edit
 * its words, goal, team and notices, pause, resume, close or delete it. Each change is a request
 * to /api/supporter-pages/{id}; the server's message is shown on failure, the page refreshes on
 * success.
 */
export function ManageMyPage({ page, publicUrl, teams, teamsAllowed }: { page: SupporterPageView; publicUrl: string; teams: { id: string; name: string }[]; teamsAllowed: boolean }) {
  const router = useRouter();
  const [notice, setNotice] = useState<{ kind: "success" | "error"; text: string } | null>(null);
  const [busy, setBusy] = useState<string | null>(null);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<EditValues>({
    defaultValues: {
      title: page.title,
      story: page.story,
      goal: dollars(page.goalCents),
      giftNotice: page.giftNotice,
      shareEmailWithOrganization: page.shareEmailWithOrganization,
      teamMode: "keep",
      teamName: "",
      teamGoal: "",
      teamId: teams.find((t) => t.id !== page.team?.id)?.id ?? "",
    },
  });
  const teamMode = useWatch({ control, name: "teamMode" });

  async function save(v: EditValues) {
    setNotice(null);
    const team = v.teamMode === "none" ? { mode: "none" } : v.teamMode === "create" ? { mode: "create", name: v.teamName, goal: v.teamGoal } : v.teamMode === "join" ? { mode: "join", teamId: v.teamId } : undefined;
    const res = await requestJson<SupporterPageView>(`/api/supporter-pages/${encodeURIComponent(page.id)}`, {
      method: "PUT",
      body: { title: v.title, story: v.story, goal: v.goal, giftNotice: v.giftNotice, shareEmailWithOrganization: v.shareEmailWithOrganization, ...(team ? { team } : {}) },
    });
    if (!res.ok) {
      let shown = false;
      for (const [name, message] of Object.entries(res.fields)) {
        const field = FIELD_OF[name.split(".")[0]!];
        if (field) {
          setError(field, { message }, { shouldFocus: !shown });
          shown = true;
        }
      }
      if (!shown) setNotice({ kind: "error", text: res.message });
      return;
    }
    setNotice({ kind: "success", text: "Your page was saved." });
    router.refresh();
  }

  async function act(action: "pause" | "resume" | "close") {
    setBusy(action);
    setNotice(null);
    const res = await requestJson<SupporterPageView>(`/api/supporter-pages/${encodeURIComponent(page.id)}/status`, { method: "POST", body: { action } });
    setBusy(null);
    if (!res.ok) return setNotice({ kind: "error", text: res.message });
    setNotice({ kind: "success", text: action === "pause" ? "Your page is paused: it takes no gifts until you resume it." : action === "resume" ? "Your page takes gifts again." : "Your page is closed. Its gifts stay with the fundraiser." });
    router.refresh();
  }

  async function remove() {
    setBusy("delete");
    const res = await requestJson<{ deleted: true }>(`/api/supporter-pages/${encodeURIComponent(page.id)}`, { method: "DELETE" });
    setBusy(null);
    if (!res.ok) {
      setConfirmDelete(false);
      return setNotice({ kind: "error", text: res.message });
    }
    router.push("/fundraising-pages");
    router.refresh();
  }

  return (
    <div className="space-y-8">
      <div role="status" aria-live="polite">
        {notice ? <Alert variant={notice.kind}>{notice.text}</Alert> : null}
      </div>

      <section aria-labelledby="share-title" className="space-y-3">
        <h2 id="share-title" className="text-xl font-bold text-ink">
          Share your page
        </h2>
        <p className="break-all text-ink-muted">
          <Link href={page.path} className="font-semibold text-brand-700 underline-offset-4 hover:underline">
            {publicUrl}
          </Link>
        </p>
        <div className="flex flex-wrap gap-3">
          <ShareButton title={`Share ${page.title}`} url={publicUrl} text={`Support my fundraiser: ${page.title}`} size="md" />
          {page.team ? (
            <Link href={page.team.path} className="inline-flex min-h-11 items-center font-semibold text-brand-700 underline-offset-4 hover:underline">
              Team {page.team.name}
              {page.team.captain ? " (you are its captain)" : ""}
            </Link>
          ) : null}
        </div>
      </section>

      <section aria-labelledby="photo-title" className="space-y-3">
        <h2 id="photo-title" className="text-xl font-bold text-ink">
          Photo
        </h2>
        <ImageUpload field="supporterPageImage" identifier={page.id} currentUrl={page.imageUrl} label={`photo for “${page.title}”`} aspect="wide" preview="banner" previewSize={288} allowDelete onUploaded={() => router.refresh()} onDeleted={() => router.refresh()} className="items-start" />
      </section>

      <section aria-labelledby="edit-title">
        <h2 id="edit-title" className="text-xl font-bold text-ink">
          Edit your page
        </h2>
        <form method="post" noValidate className="mt-3 space-y-5" onSubmit={handleSubmit(save)}>
          <TextField label="Page title" required maxLength={SUPPORTER_TITLE_MAX} {...register("title")} error={errors.title?.message} />
          <TextField label="Your goal (USD)" required inputMode="decimal" {...register("goal")} error={errors.goal?.message} />
          <TextAreaField label="Your story" rows={6} maxLength={SUPPORTER_STORY_MAX} {...register("story")} error={errors.story?.message} />
          {teamsAllowed ? (
            <fieldset className="space-y-2 rounded-card border border-slate-200 p-4">
              <legend className="px-1 font-semibold text-ink">Team</legend>
              <p className="text-sm text-ink-muted">{page.team ? `You are in Team ${page.team.name}.` : "You fundraise on your own."}</p>
              <label className="flex min-h-11 items-center gap-3">
                <input type="radio" value="keep" {...register("teamMode")} className="size-5 accent-brand-700" />
                Keep as it is
              </label>
              {page.team ? (
                <label className="flex min-h-11 items-center gap-3">
                  <input type="radio" value="none" {...register("teamMode")} className="size-5 accent-brand-700" />
                  Leave the team
                </label>
              ) : null}
              <label className="flex min-h-11 items-center gap-3">
                <input type="radio" value="create" {...register("teamMode")} className="size-5 accent-brand-700" />
                Create a new team
              </label>
              <label className="flex min-h-11 items-center gap-3">
                <input type="radio" value="join" disabled={!teams.some((t) => t.id !== page.team?.id)} {...register("teamMode")} className="size-5 accent-brand-700" />
                Join another team
              </label>
              {teamMode === "create" ? (
                <div className="grid gap-4 sm:grid-cols-2">
                  <TextField label="Team name" required maxLength={TEAM_NAME_MAX} {...register("teamName")} error={errors.teamName?.message} />
                  <TextField label="Team goal (USD)" required inputMode="decimal" {...register("teamGoal")} error={errors.teamGoal?.message} />
                </div>
              ) : null}
              {teamMode === "join" ? <Select label="Team to join" options={teams.filter((t) => t.id !== page.team?.id).map((t) => ({ value: t.id, label: t.name }))} {...register("teamId")} /> : null}
            </fieldset>
          ) : null}
          <fieldset className="space-y-2 rounded-card border border-slate-200 p-4">
            <legend className="px-1 font-semibold text-ink">Email me about gifts</legend>
            {(
              [
                ["each", "For each gift"],
                ["digest", "Once a day, when there are new gifts"],
                ["none", "Never"],
              ] as const
            ).map(([value, label]) => (
              <label key={value} className="flex min-h-11 items-center gap-3">
                <input type="radio" value={value} {...register("giftNotice")} className="size-5 accent-brand-700" />
                {label}
              </label>
            ))}
          </fieldset>
          <Checkbox label="Let the organization see my email address" {...register("shareEmailWithOrganization")} />
          <Button type="submit" loading={isSubmitting} loadingLabel="Saving...">
            Save changes
          </Button>
        </form>
      </section>

      <section aria-labelledby="state-title" className="space-y-3">
        <h2 id="state-title" className="text-xl font-bold text-ink">
          Pause, close or delete
        </h2>
        <p className="text-ink-muted">A paused or closed page takes no gifts; the gifts already made stay in every total. Deleting removes the page; its gifts stay with the fundraiser{page.team ? " and the team" : ""}.</p>
        <div className="flex flex-wrap gap-3">
          {page.status === "active" ? (
            <Button variant="outline" onClick={() => void act("pause")} loading={busy === "pause"} loadingLabel="Pausing...">
              Pause page
            </Button>
          ) : null}
          {page.status === "paused" ? (
            <Button variant="outline" onClick={() => void act("resume")} loading={busy === "resume"} loadingLabel="Resuming...">
              Resume page
            </Button>
          ) : null}
          {page.status === "active" || page.status === "paused" || page.status === "pending" ? (
            <Button variant="outline" onClick={() => void act("close")} loading={busy === "close"} loadingLabel="Closing...">
              Close page
            </Button>
          ) : null}
          <Button variant="danger" onClick={() => setConfirmDelete(true)}>
            Delete page
          </Button>
        </div>
        <Modal
          open={confirmDelete}
          onOpenChange={setConfirmDelete}
          title="Delete this page?"
          description={`“${page.title}” will be removed. Its ${formatCents(page.raisedCents)} in gifts stay with the fundraiser.`}
          preventClose={busy === "delete"}
          footer={
            <>
              <Button variant="outline" onClick={() => setConfirmDelete(false)} disabled={busy === "delete"}>
                Cancel
              </Button>
              <Button variant="danger" onClick={() => void remove()} loading={busy === "delete"} loadingLabel="Deleting...">
                Delete page
              </Button>
            </>
          }
        />
      </section>
    </div>
  );
}
