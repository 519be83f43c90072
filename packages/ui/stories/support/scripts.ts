import {
  AgentChatError, clientTools, createAgentChat, scriptedTransport, versionTree,
  type AgentChat, type AgentEvent, type Artifact, type Message, type ScriptedTransport, type ScriptedTurn, type ToolRequestPart,
} from '@agent-chat/core';

/** Text deltas of one model message, a word at a time. */
export function words(text: string, messageKey = 'm'): AgentEvent[] {
  return text.split(/(?<= )/).map((word): AgentEvent => ({ type: 'text-delta', text: word, messageKey }));
}

/** A whole reply: its words, then the turn end. */
export function reply(text: string, snapshotId = 'snap-1'): AgentEvent[] {
  return [...words(text), { type: 'turn-end', finishReason: 'stop', snapshotId }];
}

/** A tool request by the model, and (optionally) its response in a tool message. */
export function toolCall(name: string, ref: string, input: unknown, output?: unknown): AgentEvent[] {
  const events: AgentEvent[] = [{ type: 'tool-request', part: { toolRequest: { name, ref, input } }, messageKey: 'm' }];
  if (output !== undefined) events.push({ type: 'tool-response', part: { toolResponse: { name, ref, output } }, role: 'tool', messageKey: 't' });
  return events;
}

/** An interrupt: a tool request waiting for a human. */
export function interruptPart(name: string, ref: string, input: unknown): ToolRequestPart {
  return { toolRequest: { name, ref, input }, metadata: { interrupt: true } };
}

/** A turn that ends waiting for the given interrupts. */
export function interruptTurn(text: string, interrupts: ToolRequestPart[]): AgentEvent[] {
  return [
    ...words(text),
    ...interrupts.map((part): AgentEvent => ({ type: 'tool-request', part, messageKey: 'm' })),
    { type: 'interrupt-request', parts: interrupts },
    { type: 'turn-end', finishReason: 'interrupted', snapshotId: 'snap-interrupt' },
  ];
}

/** A turn that streams some text and then fails. */
export function failedTurn(text: string, message = 'The model exploded (INTERNAL).'): AgentEvent[] {
  return [
    ...words(text),
    { type: 'error', error: new AgentChatError('server-error', message, { serverStatus: 'INTERNAL' }) },
    { type: 'turn-end', finishReason: 'failed' },
  ];
}

/** An artifact upsert. */
export function artifact(name: string | undefined, text: string, metadata?: Artifact['metadata']): AgentEvent {
  return { type: 'artifact-upsert', artifact: { ...(name !== undefined ? { name } : {}), parts: [{ text }], ...(metadata ? { metadata } : {}) } };
}

/** A long markdown reply, for streaming stories. */
export const LONG_REPLY =
  'Here is a plan. **First**, we gather the requirements and list every open question. ' +
  'Then we sketch the data model, write the `parseInput` function, and test it against real captures. ' +
  'After that, we wire the UI: a message list, a composer and a dialog for confirmations. ' +
  'Finally, we measure the bundle, run the accessibility checks, and write the release notes. ' +
  'Each step is small, reviewed, and shipped on its own, so that nothing waits on everything else. ';

/** Text with hostile HTML and URLs: it must render as inert text. */
export const HOSTILE_TEXT =
  'Hi <script>window.__pwned = true</script> and <img src=x onerror="window.__pwned = true"> ' +
  '[click me](javascript:window.__pwned=true) [data](data:text/html,<script>alert(1)</script>) ' +
  '![pic](javascript:alert(1)) <a href="javascript:alert(1)">raw link</a> [safe](https://example.com)';

/** `count` messages of varied content: user questions, markdown answers, and a tool call every tenth turn. */
export function longHistory(count: number): Message[] {
  const messages: Message[] = [];
  for (let index = 0; messages.length < count; index++) {
    messages.push({ role: 'user', content: [{ text: `Question ${index + 1}: what about item ${index + 1}?` }] });
    if (index % 10 === 9) {
      messages.push({ role: 'model', content: [{ toolRequest: { name: 'lookup', ref: `l${index}`, input: { item: index + 1 } } }] });
      messages.push({ role: 'tool', content: [{ toolResponse: { name: 'lookup', ref: `l${index}`, output: { found: true } } }] });
    }
    messages.push({ role: 'model', content: [{ text: `Answer ${index + 1}: item **${index + 1}** is fine. See \`item-${index + 1}\`.` }] });
  }
  return messages.slice(0, count);
}

const transports = new WeakMap<AgentChat, ScriptedTransport>();

/** A chat over a scripted transport. */
export function scriptedChat<S = unknown>(turns: ScriptedTurn[], options: { delayMs?: number; history?: Message[] } = {}): AgentChat<S> {
  const transport = scriptedTransport(turns, { delayMs: options.delayMs ?? 40 });
  // As AgentChatView's default composition: versions (regenerate, edit, the switcher) and client tools on.
  const chat = createAgentChat<S>({ transport, features: [versionTree(), clientTools()], ...(options.history ? { state: { messages: options.history, artifacts: [] } } : {}) });
  transports.set(chat, transport);
  return chat;
}

/** The scripted transport of a chat made by {@link scriptedChat}: what it was asked, turn by turn. */
export function transportOf(chat: AgentChat): ScriptedTransport {
  const transport = transports.get(chat);
  if (!transport) throw new Error('Not a scripted story chat.');
  return transport;
}

/** The turn that answers interrupts, as a server echoes it: the tool responses it was sent, then a reply. */
export function resumeTurn(text: string): ScriptedTurn {
  return (request) => [
    ...(request.input.resume?.respond ?? []).map((part): AgentEvent => ({ type: 'tool-response', part, role: 'tool', messageKey: 't' })),
    ...words(text, 'm2'),
    { type: 'turn-end', finishReason: 'stop', snapshotId: 'snap-resumed' },
  ];
}
