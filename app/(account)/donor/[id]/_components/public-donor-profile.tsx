import { notFound } from "next/navigation";
import { Award } from "lucide-react";
import Link from "next/link";
import { UserAvatar } from "@/components/layout/user-avatar";
import { isAppError } from "@/lib/errors";
import { getPublicDonorProfile, rewardLevels } from "@/lib/services/rewards/donor-rewards";

/**
 * A donor's public page: the name only when the donor shares it, the reward level and the
 * badges earned. Gift amounts, points and organizations are never shown here.
 */
export async function PublicDonorProfile({ id, isOwner }: { id: string; isOwner: boolean }) {
  let profile;
  try {
    profile = await getPublicDonorProfile({ donorId: id });
  } catch (e) {
    if (isAppError(e) && e.code === "not_found") notFound();
    throw e;
  }
  return (
    <div className="mx-auto max-w-3xl px-4 py-10">
      {isOwner ? (
        <p className="mb-6 rounded-card border border-brand-200 bg-brand-50 p-3 text-sm text-brand-900">
          This is how others see your donor page. Your name shows only when you share it with nonprofits in your profile preferences.{" "}
          <Link href={`/donor/${encodeURIComponent(id)}`} className="font-semibold underline">
            Back to your donation history
          </Link>
        </p>
      ) : null}
      <header className="flex items-center gap-4">
        <UserAvatar src={profile.profileImg} size={80} alt="" />
        <div className="min-w-0">
          <h1 className="text-2xl font-bold break-words text-ink sm:text-3xl">{profile.displayName}</h1>
          <p className="text-ink-muted">Giving with Givebridge since {profile.memberSinceYear}</p>
        </div>
      </header>
      <section aria-labelledby="level-heading" className="mt-8 rounded-card border border-slate-200 bg-white p-5">
        <h2 id="level-heading" className="text-lg font-semibold text-ink">
          Reward level
        </h2>
        <p className="mt-2 flex items-center gap-2 text-xl font-bold text-ink">
          <Award className="size-7 text-accent-600" aria-hidden="true" />
          {profile.level}
        </p>
        <p className="mt-1 text-sm text-ink-muted">
          Levels: {rewardLevels.map((l) => l.name).join(", ")}. Points come from completed donations and verified volunteer hours and have no cash value.
        </p>
      </section>
      <section aria-labelledby="badges-heading" className="mt-6 rounded-card border border-slate-200 bg-white p-5">
        <h2 id="badges-heading" className="text-lg font-semibold text-ink">
          Badges
        </h2>
        {profile.badges.length === 0 ? (
          <p className="mt-2 text-ink-muted">No badges yet.</p>
        ) : (
          <ul className="mt-3 flex flex-wrap gap-2">
            {profile.badges.map((b) => (
              <li key={b.id} title={b.rule} className="rounded-full bg-emerald-100 px-3 py-1 text-sm font-semibold text-emerald-900">
                {b.name}
                <span className="sr-only">: {b.rule}</span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
