import type { AgentEvent, ScriptedTurn } from '@agent-chat/core';
import { words } from './scripts.js';

/** Reasoning that streams a while, then the answer: "Thinking…" open, then "Thought for N s" closed. */
export function reasoningTurn(reasoning: string, answer: string): AgentEvent[] {
  return [
    ...reasoning.split(/(?<= )/).map((word): AgentEvent => ({ type: 'reasoning-delta', text: word, messageKey: 'm' })),
    ...words(answer),
    { type: 'turn-end', finishReason: 'stop' },
  ];
}

/** An answer citing two web pages and a document, with its usage reported and follow-ups offered. */
export const citedTurn: ScriptedTurn = [
  ...words('Lisbon is the capital of Portugal [1], and its tram 28 is the classic ride [2]. The guide has more [3].'),
  { type: 'part-add', part: { source: { url: 'https://en.wikipedia.org/wiki/Lisbon', title: 'Lisbon — Wikipedia' } }, messageKey: 'm' },
  { type: 'part-add', part: { source: { url: 'https://www.visitlisboa.com/en/trams', title: 'Trams of Lisbon' } }, messageKey: 'm' },
  { type: 'part-add', part: { source: { documentId: 'guide-2026.pdf', title: 'City guide 2026', mediaType: 'application/pdf' } }, messageKey: 'm' },
  { type: 'suggestions', suggestions: ['What else should I see?', 'Where do I buy tram tickets?'] },
  { type: 'usage', usage: { inputTokens: 1204, outputTokens: 96, totalTokens: 1300 } },
  { type: 'turn-end', finishReason: 'stop' },
];

/** An answer whose source link is unsafe: listed, but not a link. */
export const unsafeSourceTurn: ScriptedTurn = [
  ...words('See the note [1].'),
  { type: 'part-add', part: { source: { url: 'javascript:alert(1)', title: 'Not a link' } }, messageKey: 'm' },
  { type: 'turn-end', finishReason: 'stop' },
];
