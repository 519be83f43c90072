/**
 * The rule every protocol handler applies to a conversation id (a session, a thread, a chat): the user who started it
 * owns it; reading it needs to be its owner, continuing it too, and a new id becomes the user's with its first turn
 * (claimed atomically, so two users or two instances cannot both take it). Anyone else gets the answer an unknown id
 * gets, so ids cannot be probed.
 */
import { isSafeId } from '../hygiene/safe-id.js';
import { jsonResponse } from '../http/web-handler.js';
import type { ConversationOwners } from './conversation-owners.js';
import { unauthenticated, userHookOf, type UserOption } from './user.js';

/** The 404 of an unknown conversation, and of another user's. */
export const noSuchConversation = () => jsonResponse(404, { status: 'NOT_FOUND', message: 'No such conversation.' });

export interface ConversationAccess {
  readonly owners: ConversationOwners;
  /** The request's user, or the 401 response. */
  userOf(request: Request): Promise<string | Response>;
  /** The user owns `id`. */
  canRead(user: string, id: string): Promise<boolean>;
  /** The user owns `id`, or `id` is new and now theirs. */
  canWrite(user: string, id: string): Promise<boolean>;
}

/**
 * `exists(id)`: whether the store holds a conversation under `id`; one with no owner (made before owners were kept) is
 * nobody's to take.
 */
export function conversationAccess(options: { user: UserOption | undefined; owners: ConversationOwners; handler: string; exists?: (id: string) => Promise<boolean> }): ConversationAccess {
  const hook = userHookOf(options.user, options.handler);
  const { owners, exists } = options;
  return {
    owners,
    async userOf(request) {
      const user = await hook(request);
      return typeof user === 'string' && user.length > 0 ? user : unauthenticated();
    },
    async canRead(user, id) {
      return isSafeId(id) && (await owners.ownerOf(id)) === user;
    },
    async canWrite(user, id) {
      if (!isSafeId(id)) return false;
      const owner = await owners.ownerOf(id);
      if (owner !== null) return owner === user;
      if (exists && (await exists(id))) return false;
      return owners.claim(id, user);
    },
  };
}
