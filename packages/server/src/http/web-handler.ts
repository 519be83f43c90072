/** What every handler of this package is and answers with: the bottom of the package, imported by every folder. */

/** A Web handler: a Next.js route handler, Hono, Bun and Deno serve it as is; `toExpress` mounts it in Express. */
export type WebHandler = (request: Request) => Promise<Response>;

/** A JSON response (the errors of every handler). */
export function jsonResponse(status: number, body: unknown, headers?: Record<string, string>): Response {
  return Response.json(body, { status, ...(headers && { headers }) });
}
