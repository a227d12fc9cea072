import type { Metadata } from "next";
import { ManagePayNav } from "@/components/reports/manage-pay-nav";
import { ThankYouEditor } from "@/components/thank-you/thank-you-editor";
import { YearEndStatementsPanel } from "@/components/thank-you/year-end-statements-panel";
import { Alert } from "@/components/ui/alert";
import { Card } from "@/components/ui/card";
import { LinkButton } from "@/components/ui/button";
import { isAppError } from "@/lib/errors";
import { requireUserPage } from "@/lib/http/session";
import { logger } from "@/lib/logger";
import { getThankYouEditor, type ThankYouSettings } from "@/lib/services/thank-you/thank-you-templates";
import { formatDayInTimeZone, timeZoneLabel, zonedCalendarDay } from "@/lib/time/zoned-time";
import { messages } from "@/lib/validations/messages";

export const metadata: Metadata = { title: "Thank-you emails" };
export const dynamic = "force-dynamic";

/**
 * /manage-pay/thank-you — the organization's thank-you emails (master switch, a template per
 * variant, merge fields, live preview, test send, save) and the bulk year-end statements.
 * Signed-in nonprofit users only, for their own organization.
 */
export default async function ThankYouPage() {
  const actor = await requireUserPage("/manage-pay/thank-you", "nonprofit");
  const organizationId = actor.organizationId;

  let settings: ThankYouSettings | null = null;
  let fetchError: string | null = null;
  let organizationName = "";
  let timeZone = "UTC";
  if (organizationId) {
    try {
      const editor = await getThankYouEditor({ actor, organizationId });
      settings = editor.settings;
      organizationName = editor.organizationName;
      timeZone = editor.timeZone;
    } catch (e) {
      if (isAppError(e) && e.status < 500) fetchError = e.message;
      else {
        logger.error("thank-you settings failed", { name: (e as Error)?.name });
        fetchError = messages.thankYou.fetchFailed;
      }
    }
  }
  const now = new Date();
  const thisYear = Number(zonedCalendarDay(now, timeZone).slice(0, 4));
  // Last year first: statements are sent after the year ends.
  const years = [thisYear - 1, thisYear, thisYear - 2];

  return (
    <section className="mx-auto w-full max-w-6xl px-4 py-8 sm:py-10">
      <div className="flex flex-wrap items-end justify-between gap-3">
        <div>
          <h1 className="text-3xl font-extrabold tracking-tight">Thank-you emails</h1>
          <p className="mt-1 text-ink-muted">Thank your donors in your own words, from your organization&apos;s name. Givebridge still sends each donor their receipt.</p>
        </div>
        <LinkButton href="/dashboard" variant="ghost" size="sm">
          Back to your dashboard
        </LinkButton>
      </div>

      <div className="mt-6 space-y-6">
        <ManagePayNav current="/manage-pay/thank-you" />
        {!organizationId ? <Alert variant="warning">{messages.thankYou.noOrganization}</Alert> : null}
        {fetchError ? <Alert variant="error">{fetchError}</Alert> : null}

        {settings ? (
          <>
            <Card as="section" aria-labelledby="thank-you-title">
              <h2 id="thank-you-title" className="mb-4 text-lg font-bold">
                Thank-you after each gift
              </h2>
              <ThankYouEditor initial={settings} organizationName={organizationName} today={formatDayInTimeZone(now, timeZone, { long: true })} />
            </Card>
            <Card as="section" aria-labelledby="statements-title">
              <h2 id="statements-title" className="text-lg font-bold">
                Year-end statements
              </h2>
              <p className="mt-1 mb-4 text-sm text-ink-muted">
                Email each donor who shared their email with you a statement of their gifts to your organization for one year, with your EIN, for their tax records. Years
                and days are in your time zone: {timeZoneLabel(timeZone)}.
              </p>
              <YearEndStatementsPanel years={years} />
            </Card>
          </>
        ) : null}
      </div>
    </section>
  );
}
