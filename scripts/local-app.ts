/**
 * Starting and waiting for local app processes, shared by the benchmarks that serve the app
 * (bench:donate, bench:serve) and the end-to-end tests that start their own app processes.
 */
import { spawn, type ChildProcess } from "node:child_process";
import net from "node:net";
import path from "node:path";

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

/** An app process started by {@link serveApp}. */
export type LocalApp = { url: string; child: ChildProcess; stderr: string[] };

/**
 * Serve the existing build on `port` with the app's own server (scripts/server.ts, what
 * `npm run serve` runs), with `env` on top of this process's environment. Not yet ready:
 * pass the result to waitForApp.
 */
export function serveApp(port: number, env: Record<string, string>): LocalApp {
  const child = spawn(process.execPath, ["--conditions=react-server", "--import", "tsx", path.join("scripts", "server.ts")], {
    stdio: ["ignore", "ignore", "pipe"],
    env: { ...process.env, NODE_ENV: "production", NEXT_TELEMETRY_DISABLED: "1", ...env, PORT: String(port) },
  });
  const stderr: string[] = [];
  child.stderr!.on("data", (c: Buffer) => stderr.push(c.toString("utf8")));
  return { url: `http://localhost:${port}`, child, stderr };
}

/** Stop apps started by {@link serveApp} and wait until they have exited. */
export async function stopApps(apps: LocalApp[]): Promise<void> {
  for (const a of apps) if (a.child.exitCode === null) a.child.kill("SIGTERM");
  await Promise.all(apps.map((a) => (a.child.exitCode === null ? new Promise((r) => a.child.once("exit", r)) : undefined)));
}
