/**
 * CPU time read from Linux's /proc, for benchmarks that print what a request costs in CPU beside
 * what it costs in wall time: a process and its descendants (the app's server under `npm start`),
 * the PostgreSQL server's processes, and the whole machine. Milliseconds of CPU (user + system),
 * counted since each process started (machine: since boot), so callers subtract two readings.
 * On a system without /proc each reading is null.
 */
import { spawnSync } from "node:child_process";
import fs from "node:fs";

/** Clock ticks per second of /proc's counters (sysconf CLK_TCK, 100 on Linux unless configured otherwise). */
const TICKS_PER_SECOND = (() => {
  const out = spawnSync("getconf", ["CLK_TCK"], { encoding: "utf8" });
  const n = Number(out.stdout?.trim());
  return Number.isFinite(n) && n > 0 ? n : 100;
})();

/** Fields of /proc/{pid}/stat after the command name: [state, ppid, ..., utime (index 11), stime (12)]. */
function statFields(pid: number): string[] | null {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
    return text.slice(text.lastIndexOf(")") + 2).split(" ");
  } catch {
    return null;
  }
}

/** The command name of a process (/proc/{pid}/comm), or null when it has gone. */
function commandOf(pid: number): string | null {
  try {
    return fs.readFileSync(`/proc/${pid}/comm`, "utf8").trim();
  } catch {
    return null;
  }
}

const ticksToMs = (ticks: number) => (ticks * 1000) / TICKS_PER_SECOND;

/** Every running process: pid, parent pid and user + system CPU in ms. */
function processes(): { pid: number; ppid: number; cpuMs: number }[] {
  const out: { pid: number; ppid: number; cpuMs: number }[] = [];
  let names: string[];
  try {
    names = fs.readdirSync("/proc").filter((n) => /^\d+$/.test(n));
  } catch {
    return out;
  }
  for (const name of names) {
    const f = statFields(Number(name));
    if (f) out.push({ pid: Number(name), ppid: Number(f[1]), cpuMs: ticksToMs(Number(f[11]) + Number(f[12])) });
  }
  return out;
}

/** CPU ms used so far by process `pid` and all its descendants, or null without /proc or when it has gone. */
export function processTreeCpuMs(pid: number): number | null {
  const all = processes();
  if (!all.some((p) => p.pid === pid)) return null;
  const childrenOf = new Map<number, number[]>();
  for (const p of all) childrenOf.set(p.ppid, [...(childrenOf.get(p.ppid) ?? []), p.pid]);
  const cpu = new Map(all.map((p) => [p.pid, p.cpuMs]));
  let total = 0;
  const stack = [pid];
  while (stack.length) {
    const at = stack.pop()!;
    total += cpu.get(at) ?? 0;
    stack.push(...(childrenOf.get(at) ?? []));
  }
  return total;
}

/** CPU ms used so far by every process named `postgres` on this machine (the server and its backends), or null without /proc. */
export function postgresCpuMs(): number | null {
  const all = processes();
  if (all.length === 0) return null;
  return all.filter((p) => commandOf(p.pid) === "postgres").reduce((sum, p) => sum + p.cpuMs, 0);
}

/** CPU ms the whole machine has been busy since boot (/proc/stat: every state but idle and iowait), or null without /proc. */
export function machineBusyCpuMs(): number | null {
  try {
    const line = fs.readFileSync("/proc/stat", "utf8").split("\n")[0]!;
    const [, ...ticks] = line.trim().split(/\s+/);
    const n = ticks.map(Number);
    const busy = n.reduce((sum, t) => sum + t, 0) - (n[3] ?? 0) - (n[4] ?? 0);
    return ticksToMs(busy);
  } catch {
    return null;
  }
}
