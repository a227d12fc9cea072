/**
 * Work a server process must finish before it exits on SIGTERM or SIGINT, after it has stopped
 * taking requests and answered the ones in flight (scripts/server.ts): the mail and webhook
 * workers finish the batch they hold, so each message is sent once, by this process or, once
 * released, by another (lib/mail/queue.ts, stopMailQueue).
 *
 * The hooks live on globalThis: the app's code runs inside Next's server bundle, a different
 * module instance from the custom server's own imports, and both must see one list.
 */

type ShutdownHook = { name: string; run: () => Promise<void> };

const registry = globalThis as unknown as { __givebridgeShutdownHooks?: ShutdownHook[] };

/** Run `run` when the process stops (once; hooks run in the order they were added). Idempotent per name. */
export function onShutdown(name: string, run: () => Promise<void>): void {
  const hooks = (registry.__givebridgeShutdownHooks ??= []);
  if (!hooks.some((h) => h.name === name)) hooks.push({ name, run });
}

/**
 * Run every hook once, each to its end or its failure (a failure is reported, the others
 * still run), within `timeoutMs` in all.
 * @returns the names of the hooks that failed or did not finish in time.
 */
export async function runShutdownHooks(timeoutMs: number): Promise<string[]> {
  const hooks = registry.__givebridgeShutdownHooks ?? [];
  registry.__givebridgeShutdownHooks = [];
  const unfinished = new Set(hooks.map((h) => h.name));
  const failed: string[] = [];
  const all = (async () => {
    for (const hook of hooks) {
      try {
        await hook.run();
      } catch {
        failed.push(hook.name);
      }
      unfinished.delete(hook.name);
    }
  })();
  let timer: NodeJS.Timeout | undefined;
  await Promise.race([all, new Promise<void>((resolve) => (timer = setTimeout(resolve, timeoutMs)))]);
  clearTimeout(timer);
  return [...failed, ...unfinished];
}
