import type { Role } from '../../model/message.js';
import type { Part } from '../../model/part.js';

/** What the decoder keeps of each message it streamed: a mirror of the store's content, for `message-complete`. */
export interface AguiEntry {
  role: Role;
  content: Part[];
  /** The AG-UI id the message is sent back with (the text message's, for a reasoning + text message). */
  messageId?: string;
  /** Changed since the last message-complete. */
  dirty: boolean;
}
