"use client";
/**
 * "Email year-end statements for YEAR": after a confirmation, POST /api/year-end-statements
 * queues one statement per donor who shared their email with the organization (each listing
 * only their gifts to it that year); a second click sends nothing twice. Shows how many were
 * queued, then the delivery progress (GET /api/year-end-statements?year=, every few seconds
 * until every statement is delivered).
 */
import { useEffect, useRef, useState } from "react";
import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";
import { Modal, ModalClose } from "@/components/ui/dialog";
import { ProgressBar } from "@/components/ui/progress-bar";
import { Select } from "@/components/ui/select";
import { requestJson } from "@/lib/client/request";
import { messages } from "@/lib/validations/messages";

type Progress = { year: number; eligible: number; queued: number; delivered: number };
type Run = Progress & { queuedNow: number };

const m = messages.yearEndStatements;
const POLL_MS = 3_000;

export function YearEndStatementsPanel({ years }: { years: number[] }) {
  const [year, setYear] = useState(years[0]!);
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [progress, setProgress] = useState<Progress | null>(null);
  const [loading, setLoading] = useState(true);
  /** Bumped after a send, to follow the new statements' delivery. */
  const [polls, setPolls] = useState(0);
  const [notice, setNotice] = useState<{ ok: boolean; message: string } | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // The year's progress; while statements are still on their way, again every few seconds.
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const fetchProgress = () =>
      requestJson<Progress>(`/api/year-end-statements?year=${year}`, { fallback: m.fetchFailed }).then((res) => {
        if (!live) return;
        setLoading(false);
        if (!res.ok) return setNotice({ ok: false, message: res.message });
        setProgress(res.data);
        if (res.data.delivered < res.data.queued) timer = setTimeout(fetchProgress, POLL_MS);
      });
    void fetchProgress();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [year, polls]);

  function chooseYear(y: number) {
    setLoading(true);
    setProgress(null);
    setNotice(null);
    setYear(y);
  }

  async function send() {
    setBusy(true);
    setNotice(null);
    const res = await requestJson<Run>("/api/year-end-statements", { method: "POST", body: { year }, fallback: m.sendFailed });
    setBusy(false);
    setOpen(false);
    if (res.ok) {
      setProgress(res.data);
      setPolls((n) => n + 1);
      setNotice({ ok: true, message: res.data.queuedNow > 0 ? m.queued.replace("{{queued}}", res.data.queuedNow.toLocaleString("en-US")).replace("{{year}}", String(year)) : m.nothingNew.replace("{{year}}", String(year)) });
    } else setNotice({ ok: false, message: res.message });
  }

  const nothingToSend = progress !== null && progress.eligible === 0;
  return (
    <div className="space-y-4">
      <div className="flex flex-wrap items-end gap-3">
        <Select label="Year" value={String(year)} onChange={(e) => chooseYear(Number(e.target.value))} options={years.map((y) => ({ value: String(y), label: String(y) }))} containerClassName="w-32" />
        <Modal
          open={open}
          onOpenChange={(next) => !busy && setOpen(next)}
          preventClose={busy}
          focusAfterClose={() => noticeRef.current}
          size="sm"
          title={`Email year-end statements for ${year}?`}
          description={m.confirm.replace("{{year}}", String(year))}
          trigger={
            <Button disabled={loading || nothingToSend} className="h-auto! min-h-11 py-2 whitespace-normal!">
              Email year-end statements for {year}
            </Button>
          }
          footer={
            <>
              <ModalClose>
                <Button variant="outline" disabled={busy}>
                  Cancel
                </Button>
              </ModalClose>
              <Button onClick={send} loading={busy} loadingLabel="Queuing...">
                Send statements
              </Button>
            </>
          }
        >
          <p className="text-sm text-ink-muted">Donors who were already sent their {year} statement are not sent it again.</p>
        </Modal>
      </div>

      <div aria-live="polite" className="space-y-3 text-sm">
        {loading ? <p className="text-ink-muted">Loading…</p> : null}
        {progress ? (
          <>
            <p data-testid="statement-counts">
              {progress.eligible.toLocaleString("en-US")} donor{progress.eligible === 1 ? "" : "s"} shared their email and gave in {progress.year}; {progress.queued.toLocaleString("en-US")} statement
              {progress.queued === 1 ? "" : "s"} queued, {progress.delivered.toLocaleString("en-US")} delivered.
            </p>
            {progress.queued > 0 ? <ProgressBar value={progress.delivered} max={progress.queued} label={`Statements delivered for ${progress.year}`} valueText={`${progress.delivered} of ${progress.queued}`} showPercent /> : null}
            {nothingToSend ? <p className="text-ink-muted">No donor who shared their email gave in {progress.year}.</p> : null}
          </>
        ) : null}
      </div>
      <div ref={noticeRef} tabIndex={-1}>
        {notice ? <Alert variant={notice.ok ? "success" : "error"}>{notice.message}</Alert> : null}
      </div>
    </div>
  );
}
