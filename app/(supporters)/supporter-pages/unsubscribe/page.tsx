import type { Metadata } from "next";
import { UnsubscribeConfirm } from "@/components/supporter-pages/unsubscribe-confirm";
import { Alert } from "@/components/ui/alert";
import { AppError } from "@/lib/errors";
import { getSupporterUnsubscribe, type SupporterUnsubscribeTarget } from "@/lib/services/supporter-pages/manage-supporter-pages";
import { messages } from "@/lib/validations/messages";

// The link's token is in the URL: no indexing, and no Referer carrying it to other sites.
export const metadata: Metadata = { title: "Unsubscribe", robots: { index: false, follow: false }, referrer: "no-referrer" };
export const dynamic = "force-dynamic";

type Props = { searchParams: Promise<Record<string, string | string[] | undefined>> };

/**
 * /supporter-pages/unsubscribe?page={id}&token={token} — from the link in an organization's
 * message to its supporters: says what the link is about and asks to confirm; only the button
 * (a POST) unsubscribes, so a mail scanner that opens the link changes nothing.
 */
export default async function SupporterUnsubscribePage({ searchParams }: Props) {
  const q = await searchParams;
  const pageId = typeof q.page === "string" ? q.page : "";
  const token = typeof q.token === "string" ? q.token : "";
  let target: SupporterUnsubscribeTarget | null = null;
  let problem: string | null = null;
  try {
    target = await getSupporterUnsubscribe({ pageId, token });
  } catch (err) {
    if (!(err instanceof AppError)) throw err;
    problem = err.message;
  }
  return (
    <section className="mx-auto w-full max-w-xl px-4 py-10 sm:py-14">
      <h1 className="text-2xl font-bold text-ink">Unsubscribe from an organization&apos;s messages</h1>
      {target ? (
        <div className="mt-4 space-y-4">
          <p className="text-ink-muted">
            You are raising money on your page “{target.pageTitle}” for {target.organizationName}. Unsubscribe to stop their messages to supporters about this page.
            Notices of gifts to your page are not affected; you can change them when you edit your page.
          </p>
          {target.unsubscribed ? <Alert variant="success">{messages.supporterPages.unsubscribed}</Alert> : <UnsubscribeConfirm pageId={target.pageId} token={token} />}
        </div>
      ) : (
        <Alert variant="error" className="mt-4">
          <span data-testid="unsubscribe-error">{problem}</span>
        </Alert>
      )}
    </section>
  );
}
