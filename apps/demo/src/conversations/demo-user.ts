/** The demo's stand-in for an app's signed-in user: an id made once per browser (localStorage), sent as `x-agent-user`. */
const USER_KEY = 'agent-chat-demo/user';

let fallback: string | null = null;

/** This browser's user id (a new one where storage is disabled, kept for the page's life). */
export function demoUser(): string {
  try {
    const kept = window.localStorage.getItem(USER_KEY);
    if (kept) return kept;
    const made = crypto.randomUUID();
    window.localStorage.setItem(USER_KEY, made);
    return made;
  } catch {
    fallback ??= crypto.randomUUID();
    return fallback;
  }
}
