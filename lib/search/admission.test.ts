import { NextRequest } from "next/server";
import type { DatabaseHandle } from "@/lib/db/client";
import { createTestDatabase } from "@/lib/db/testing";
import { AppError } from "@/lib/errors";
import { organizations } from "@/models";
import { messages } from "@/lib/validations/messages";
import { GET as searchNonprofit } from "@/app/api/(spec)/search/nonprofit/route";
import { admitSearch, searchAdmissionStats, SEARCH_CONCURRENCY, SEARCH_QUEUE, SEARCH_RETRY_AFTER_SECONDS } from "./admission";
import { cachedSearchNonprofits, forgetSearchResults } from "./cache";

/** A search that runs until release() is called. */
function heldSearch() {
  let release!: () => void;
  const done = new Promise<string>((resolve) => (release = () => resolve("held")));
  let started = false;
  const run = () => {
    started = true;
    return done;
  };
  return { run, release, started: () => started };
}

/** Fill every running place and every waiting place with held searches. */
function fillAdmission() {
  const held = Array.from({ length: SEARCH_CONCURRENCY + SEARCH_QUEUE }, heldSearch);
  const answers = held.map((h) => admitSearch(h.run, 60_000));
  return { held, answers, releaseAll: () => held.forEach((h) => h.release()) };
}

/** Fill every running place and all but one waiting place with held searches. */
function fillAdmissionButOne() {
  const held = Array.from({ length: SEARCH_CONCURRENCY + SEARCH_QUEUE - 1 }, heldSearch);
  const answers = held.map((x) => admitSearch(x.run, 60_000));
  return { answers, releaseAll: () => held.forEach((x) => x.release()) };
}

let h: DatabaseHandle;
beforeAll(async () => {
  h = await createTestDatabase();
  await h.db.insert(organizations).values({ name: "Burlington Community Food Bank", city: "BURLINGTON", state: "VT", zipcode: "05401", latitude: 44.48, longitude: -73.21 });
});
afterAll(() => h.close());

describe("search admission", () => {
  test("runs at most SEARCH_CONCURRENCY searches at once; the rest wait their turn in order", async () => {
    const { held, answers, releaseAll } = fillAdmission();
    await Promise.resolve();
    expect(held.filter((x) => x.started()).length).toBe(SEARCH_CONCURRENCY);
    expect(searchAdmissionStats()).toEqual({ running: SEARCH_CONCURRENCY, waiting: SEARCH_QUEUE });
    held[0]!.release();
    await answers[0];
    await new Promise((r) => setImmediate(r));
    expect(held[SEARCH_CONCURRENCY]!.started()).toBe(true);
    expect(held[SEARCH_CONCURRENCY + 1]!.started()).toBe(false);
    releaseAll();
    await expect(Promise.all(answers)).resolves.toHaveLength(held.length);
    expect(searchAdmissionStats()).toEqual({ running: 0, waiting: 0 });
  });

  test("a search beyond the queue is answered busy at once, without running", async () => {
    const { answers, releaseAll } = fillAdmission();
    let ran = false;
    const extra = admitSearch(async () => {
      ran = true;
      return "ran";
    });
    await expect(extra).rejects.toMatchObject({ code: "unavailable", status: 503, message: messages.search.busy, retryAfterSeconds: SEARCH_RETRY_AFTER_SECONDS });
    releaseAll();
    await Promise.all(answers);
    expect(ran).toBe(false);
  });

  test("a search that waited longer than its wait limit is answered busy instead of running late", async () => {
    const running = Array.from({ length: SEARCH_CONCURRENCY }, heldSearch);
    const answers = running.map((x) => admitSearch(x.run));
    let ran = false;
    const late = admitSearch(async () => {
      ran = true;
      return "late";
    }, 20);
    const settled = late.then(
      () => null,
      (e: unknown) => e,
    );
    await new Promise((r) => setTimeout(r, 60));
    running.forEach((x) => x.release());
    await Promise.all(answers);
    const err = await settled;
    expect(err).toBeInstanceOf(AppError);
    expect((err as AppError).status).toBe(503);
    expect(ran).toBe(false);
  });

  test("a failing search passes its error on and frees its place", async () => {
    await expect(admitSearch(async () => Promise.reject(new AppError("bad_request", "no")))).rejects.toMatchObject({ code: "bad_request" });
    expect(searchAdmissionStats()).toEqual({ running: 0, waiting: 0 });
    await expect(admitSearch(async () => "next")).resolves.toBe("next");
  });

  test("a waiting search whose asker has gone leaves the queue at once, never runs, and frees its place for another", async () => {
    const running = Array.from({ length: SEARCH_CONCURRENCY }, heldSearch);
    const runningAnswers = running.map((x) => admitSearch(x.run, 60_000));
    const waiters = Array.from({ length: SEARCH_QUEUE }, heldSearch);
    const left = new AbortController();
    const waitingAnswers = waiters.map((x, i) => admitSearch(x.run, 60_000, i === 0 ? left.signal : undefined));
    await Promise.resolve();
    expect(searchAdmissionStats().waiting).toBe(SEARCH_QUEUE);
    // The queue is full: one more asker is turned away...
    await expect(admitSearch(async () => "extra")).rejects.toMatchObject({ code: "unavailable" });
    // ...until a waiting asker leaves; then there is a place again.
    left.abort();
    expect(searchAdmissionStats().waiting).toBe(SEARCH_QUEUE - 1);
    const late = heldSearch();
    const lateAnswer = admitSearch(late.run, 60_000);
    expect(searchAdmissionStats().waiting).toBe(SEARCH_QUEUE);
    // An asker that is already gone is not queued at all.
    await expect(admitSearch(async () => "gone", 60_000, AbortSignal.abort())).rejects.toMatchObject({ code: "unavailable" });
    running.forEach((x) => x.release());
    waiters.forEach((x) => x.release());
    late.release();
    await expect(waitingAnswers[0]).rejects.toMatchObject({ code: "unavailable", message: messages.search.busy });
    expect(waiters[0]!.started()).toBe(false);
    await Promise.all([...runningAnswers, ...waitingAnswers.slice(1), lateAnswer]);
    expect(late.started()).toBe(true);
    expect(searchAdmissionStats()).toEqual({ running: 0, waiting: 0 });
  });

  test("a search several callers share leaves the queue only when every one of them has gone", async () => {
    forgetSearchResults();
    const { answers, releaseAll } = fillAdmissionButOne();
    const [first, second] = [new AbortController(), new AbortController()];
    const input = { query: "burlington food bank", limit: 10, offset: 0 };
    const a = cachedSearchNonprofits(input, first.signal);
    const b = cachedSearchNonprofits(input, second.signal);
    await Promise.resolve();
    first.abort();
    expect(searchAdmissionStats().waiting).toBe(SEARCH_QUEUE);
    second.abort();
    expect(searchAdmissionStats().waiting).toBe(SEARCH_QUEUE - 1);
    releaseAll();
    await Promise.all(answers);
    await expect(a).rejects.toMatchObject({ code: "unavailable" });
    await expect(b).rejects.toMatchObject({ code: "unavailable" });
    // A caller that stays keeps it: asked again, the search runs and answers.
    const stays = cachedSearchNonprofits(input);
    const leaves = new AbortController();
    const leaving = cachedSearchNonprofits(input, leaves.signal);
    leaves.abort();
    expect((await stays).results[0]!.name).toBe("Burlington Community Food Bank");
    expect((await leaving).results[0]!.name).toBe("Burlington Community Food Bank");
  });

  test("GET /api/search/nonprofit answers 503 with Retry-After when every place is taken, and 200 once one is free", async () => {
    forgetSearchResults();
    const { answers, releaseAll } = fillAdmission();
    const url = new URL("/api/search/nonprofit?search_query=food%20bank", "http://localhost");
    const busy = await searchNonprofit(new NextRequest(url), { params: Promise.resolve({}) });
    expect(busy.status).toBe(503);
    expect(busy.headers.get("retry-after")).toBe(String(SEARCH_RETRY_AFTER_SECONDS));
    expect(await busy.json()).toMatchObject({ error: "unavailable", message: messages.search.busy });
    releaseAll();
    await Promise.all(answers);
    const ok = await searchNonprofit(new NextRequest(url), { params: Promise.resolve({}) });
    expect(ok.status).toBe(200);
    expect((await ok.json()).results[0].name).toBe("Burlington Community Food Bank");
  });
});
