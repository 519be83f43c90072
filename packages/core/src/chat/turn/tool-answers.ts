import type { Draft } from 'immer';
import type { ToolResponsePart } from '../../model/part.js';
import type { ChatState } from '../state/chat-state.js';

/** Records the answers a turn carries as one tool message (unless the server echoes them: `id` null), and forgets their calls. */
export function recordAnswers<S>(draft: Draft<ChatState<S>>, answers: readonly ToolResponsePart[], id: string | null): void {
  if (id !== null) draft.messages.push({ id, role: 'tool', content: answers as Draft<ToolResponsePart>[], status: 'done' });
  for (const answer of answers) {
    const key = answer.toolResponse.ref ?? answer.toolResponse.name;
    delete draft.clientToolCalls[key];
  }
}
