/** The user, owner and request options every protocol handler of a Genkit agent takes, and the access rule they make. */
import { conversationAccess, type ConversationAccess } from '../access/conversation-access.js';
import { memoryOwners, type ConversationOwners } from '../access/conversation-owners.js';
import type { UserOption } from '../access/user.js';
import type { RequestGuardOptions } from '../hygiene/request-guard.js';
import { readSnapshot, type SnapshotReader } from './bridge.js';

/** Who a request is, who owns what, and the request checks (README: "Security"). */
export interface AccessOptions extends RequestGuardOptions {
  /**
   * The app's auth: the user a request acts for, or null (401). Required: `'anonymous'` makes every request the one
   * user `anonymous` (a single-user tool). A conversation and its turns belong to the user who started them.
   */
  user: UserOption;
  /** Who owns each conversation id (default: this handler's own, in memory); share the thread index's `owners`. */
  owners?: ConversationOwners;
}

/** The access rule of a handler over an agent's sessions (a session the store holds without an owner is nobody's). */
export function sessionAccess(options: Partial<AccessOptions>, snapshots: SnapshotReader | undefined, handler: string): ConversationAccess {
  const exists = snapshots
    ? async (sessionId: string) => {
        try {
          return (await readSnapshot(snapshots, { sessionId })) !== undefined;
        } catch {
          return true; // unreadable: not free to take
        }
      }
    : undefined;
  return conversationAccess({ user: options.user, owners: options.owners ?? memoryOwners(), handler, ...(exists && { exists }) });
}
