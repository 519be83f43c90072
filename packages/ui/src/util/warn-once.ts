// Bundlers replace `process.env.NODE_ENV` in an app's build (Vite, webpack, Next.js); the package's own types have no Node.
declare const process: { env: { NODE_ENV?: string } } | undefined;

const warned = new Set<string>();

/** In development (not when NODE_ENV is 'production'), `message` on the console once per `key` for the page's life. */
export function warnOnce(key: string, message: string): void {
  if (warned.has(key)) return;
  warned.add(key);
  if (typeof process !== 'undefined' && process.env.NODE_ENV === 'production') return;
  console.warn(`[@agent-chat/ui] ${message}`);
}
