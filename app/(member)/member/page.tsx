import { HomeView } from "@/app/(public)/home/[edition]/_components/home-view";

export { generateMetadata } from "@/app/(public)/home/[edition]/page";

/** Home for a signed-in visitor: the cached home's content, rendered per request under the (member) layout. */
export default function MemberHomePage() {
  return <HomeView />;
}
