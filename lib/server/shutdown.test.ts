/**
 * The stop hooks of a server process (lib/server/shutdown.ts): each runs once, in order, a
 * failing one does not stop the others, and one that does not finish in time is reported.
 */
import { onShutdown, runShutdownHooks } from "./shutdown";

test("hooks run once, in the order added; a name added twice runs once", async () => {
  const ran: string[] = [];
  onShutdown("first", async () => void ran.push("first"));
  onShutdown("second", async () => void ran.push("second"));
  onShutdown("first", async () => void ran.push("first again"));
  expect(await runShutdownHooks(1_000)).toEqual([]);
  expect(ran).toEqual(["first", "second"]);
  expect(await runShutdownHooks(1_000)).toEqual([]);
  expect(ran).toEqual(["first", "second"]);
});

test("a failing hook is reported and the next still runs", async () => {
  const ran: string[] = [];
  onShutdown("broken", async () => {
    throw new Error("queue gone");
  });
  onShutdown("after", async () => void ran.push("after"));
  expect(await runShutdownHooks(1_000)).toEqual(["broken"]);
  expect(ran).toEqual(["after"]);
});

test("a hook that outlasts the time allowed is reported as unfinished", async () => {
  onShutdown("slow", () => new Promise((resolve) => setTimeout(resolve, 2_000)));
  const started = Date.now();
  expect(await runShutdownHooks(100)).toEqual(["slow"]);
  expect(Date.now() - started).toBeLessThan(1_500);
});
