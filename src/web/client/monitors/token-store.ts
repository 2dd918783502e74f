/**
 * The admin token, kept for this tab only (sessionStorage: gone when the tab closes, never sent anywhere but as the
 * monitors API's Bearer token). Storage can be refused (a privacy mode): the token then lasts as long as the page.
 */
const KEY = 'hoplens.adminToken';
let fallback: string | undefined;

export function readToken(): string | undefined {
  try {
    return window.sessionStorage.getItem(KEY) ?? fallback;
  } catch {
    return fallback;
  }
}

export function saveToken(token: string): void {
  fallback = token;
  try {
    window.sessionStorage.setItem(KEY, token);
  } catch {
    // The in-memory copy serves.
  }
}

export function forgetToken(): void {
  fallback = undefined;
  try {
    window.sessionStorage.removeItem(KEY);
  } catch {
    // Nothing stored.
  }
}
