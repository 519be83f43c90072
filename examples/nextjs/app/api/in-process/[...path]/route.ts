// The in-process agent's routes, one catch-all as @agent-chat/server's README shows it: under /api/in-process, the
// Genkit agent route (`agent`, with `getSnapshot` and `abort`), AG-UI (`agui`, with `connect`) and the AI SDK chat route
// (`ai-sdk`, with `chats/<id>`), each with its resumable turn routes (`turns/<id>/stream`, `turns/<id>/cancel`).
// Turns are kept in this server's memory: for more than one instance, use `redisTurnStore({ url })`. Each conversation
// is its visitor's (the cookie, this example's stand-in for auth): another visitor's id is 404, no cookie 401.
import { memoryTurnStore, resumableTurns } from '@agent-chat/server';
import { genkitRoutes } from '@agent-chat/server/genkit';
import { visitorOf } from '../../../visitor';
import { agent, store } from '../agent';

const routes = genkitRoutes({ agent, store, user: visitorOf, base: '/api/in-process', turns: resumableTurns({ store: memoryTurnStore() }) });

export const GET = routes;
export const POST = routes;
export const PATCH = routes;
export const DELETE = routes;
