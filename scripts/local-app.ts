/**
 * Starting and waiting for local app processes, shared by the benchmarks that serve the app
 * (bench:donate, bench:serve) and the two-process end-to-end test.
 */
import type { ChildProcess } from "node:child_process";
import net from "node:net";

/** A TCP port free on this machine right now. */
export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * Wait until the app at `url` answers /api/auth/csrf (it has migrated and is serving).
 * @throws when `ms` pass first, or when `child` (if given) exits before that, with its stderr.
 */
export async function waitForApp(url: string, options: { ms?: number; child?: ChildProcess; stderr?: string[] } = {}): Promise<void> {
  const until = Date.now() + (options.ms ?? 900_000);
  while (Date.now() < until) {
    const { child } = options;
    if (child && child.exitCode !== null) {
      throw new Error(`the app process for ${url} exited with ${child.exitCode}:\n${(options.stderr ?? []).join("")}`);
    }
    try {
      if ((await fetch(`${url}/api/auth/csrf`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the app did not start at ${url}`);
}
