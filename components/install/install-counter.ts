/**
 * Whether a visit shows the install prompt (spec section 9): the stored counter
 * "install-popup-counter", read before this visit is counted, is a multiple of 5
 * (visits 1, 6, 11, ...). A missing or corrupt counter counts as 0.
 */
export function installPromptDue(counter: unknown): boolean {
  const n = typeof counter === "number" && Number.isInteger(counter) && counter >= 0 ? counter : 0;
  return n % 5 === 0;
}

/** The counter to store after this visit (a corrupt value restarts at 1). */
export function nextInstallCounter(counter: unknown): number {
  const n = typeof counter === "number" && Number.isInteger(counter) && counter >= 0 ? counter : 0;
  return n + 1;
}
