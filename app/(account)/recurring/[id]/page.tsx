import type { Metadata } from "next";
import { ManageRecurringGift } from "@/components/recurring/manage-recurring-gift";
import { Alert } from "@/components/ui/alert";
import { getActor } from "@/lib/http/session";
import { serverEnv } from "@/lib/env";
import { AppError } from "@/lib/errors";
import { getManagedRecurringGift, type ManagedRecurringGift } from "@/lib/services/recurring/manage-recurring-gift";

// The link's token is in the URL: no indexing, and no Referer carrying it to other sites.
export const metadata: Metadata = { title: "Manage your monthly gift", robots: { index: false, follow: false }, referrer: "no-referrer" };
export const dynamic = "force-dynamic";

type Props = { params: Promise<{ id: string }>; searchParams: Promise<Record<string, string | string[] | undefined>> };

/** /recurring/{id}?token= — manage a monthly gift from its signed link (no sign-in), or as its signed-in donor. */
export default async function ManageRecurringGiftPage({ params, searchParams }: Props) {
  const { id } = await params;
  const q = await searchParams;
  const token = typeof q.token === "string" ? q.token : null;
  const actor = await getActor();
  let gift: ManagedRecurringGift | null = null;
  let problem: string | null = null;
  try {
    gift = await getManagedRecurringGift({ giftId: id, access: { token, actor } });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    problem = err.message;
  }
  return (
    <section className="mx-auto w-full max-w-2xl px-4 py-10 sm:py-14">
      {gift ? (
        <ManageRecurringGift initial={gift} token={token} stripePublishableKey={serverEnv().STRIPE_PUBLISHABLE_KEY ?? null} />
      ) : (
        <>
          <h1 className="text-2xl font-bold text-ink">Manage your monthly gift</h1>
          <Alert variant="error" className="mt-4">
            <span data-testid="manage-error">{problem}</span>
          </Alert>
        </>
      )}
    </section>
  );
}
