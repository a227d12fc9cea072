/**
 * The spec's client stores persisted in localStorage (section 3): org, signin, the
 * welcome-message flag, the install-popup counter and the search filters. Browser only.
 */
export const storeKeys = {
  org: "org",
  signin: "signin",
  welcomeMessage: "welcome-message",
  installPopupCounter: "install-popup-counter",
  searchFilters: "search-filters",
} as const;

/** Write a JSON value; storage errors (private mode, quota) are ignored. */
export function writeStore(key: (typeof storeKeys)[keyof typeof storeKeys], value: unknown): void {
  try {
    window.localStorage.setItem(key, JSON.stringify(value));
  } catch {
    /* storage unavailable: the stores are a convenience only */
  }
}

/** Read a JSON value, or null when missing or unreadable. */
export function readStore<T>(key: (typeof storeKeys)[keyof typeof storeKeys]): T | null {
  try {
    const raw = window.localStorage.getItem(key);
    return raw ? (JSON.parse(raw) as T) : null;
  } catch {
    return null;
  }
}

/** Log Out: forget the stored user and organisation (spec: "Log Out clears the stored user and organisation"). */
export function clearSignInStores(): void {
  try {
    window.localStorage.removeItem(storeKeys.signin);
    window.localStorage.removeItem(storeKeys.org);
  } catch {
    /* nothing stored */
  }
}
