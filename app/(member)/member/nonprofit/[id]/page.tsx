import { getActor } from "@/lib/http/session";
import { ProfileView } from "@/app/(public)/nonprofit/[id]/_components/profile-view";

export { generateMetadata } from "@/app/(public)/nonprofit/[id]/page";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /nonprofit/:id for a signed-in visitor (rewritten here by the proxy): the owner gets the editors. */
export default async function MemberProfilePage({ params, searchParams }: Props) {
  const [{ id }, query, actor] = await Promise.all([params, searchParams, getActor()]);
  return <ProfileView id={id} actor={actor} openFundraisers={query.sec === "fundraiser"} />;
}
