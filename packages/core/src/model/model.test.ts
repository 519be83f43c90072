import { describe, expect, it } from 'vitest';
import { AgentChatError, isAgentChatError, toAgentChatError } from './error.js';
import { FINISH_REASONS, normalizeFinishReason } from './finish-reason.js';
import { normalizeRole } from './message.js';
import { isInterruptPart, textOf } from './part.js';
import { upsertArtifact, type Artifact } from './session.js';

describe('finish reasons', () => {
  it.each<[unknown, string]>([
    ...FINISH_REASONS.map((reason): [unknown, string] => [reason, reason]),
    ['STOP', 'stop'], ['INTERRUPTED', 'interrupted'], ['LENGTH', 'length'], ['ABORTED', 'aborted'], ['DETACHED', 'detached'],
    ['TOOL_CALLS', 'other'], ['CONTENT_FILTER', 'blocked'], ['ERROR', 'failed'], ['tool-calls', 'other'], ['content-filter', 'blocked'],
    ['max_tokens', 'length'], ['cancelled', 'aborted'], ['success', 'stop'], ['brand-new', 'other'], ['', 'unknown'], [undefined, 'unknown'], [3, 'unknown'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeFinishReason(input)).toBe(expected);
  });
});

describe('roles, parts and artifacts', () => {
  it('maps provider roles onto the canonical four', () => {
    expect(['assistant', 'AI', 'human', 'developer', 'model', 'Tool', 'odd', 7].map((role) => normalizeRole(role))).toEqual(['model', 'model', 'user', 'system', 'model', 'tool', 'model', 'model']);
  });

  it('knows interrupts and text', () => {
    expect(isInterruptPart({ toolRequest: { name: 'a' }, metadata: { interrupt: true } })).toBe(true);
    expect(isInterruptPart({ toolRequest: { name: 'a' }, metadata: { interrupt: { question: 'ok?' } } })).toBe(true);
    expect(isInterruptPart({ toolRequest: { name: 'a' }, metadata: { interrupt: false } })).toBe(false);
    expect(isInterruptPart({ toolRequest: { name: 'a' } })).toBe(false);
    expect(textOf([{ text: 'a' }, { reasoning: 'x' }, { text: 'b' }])).toBe('ab');
  });

  it('upserts artifacts: same name replaces in place, unnamed and new names append', () => {
    const list: Artifact[] = [];
    upsertArtifact(list, { name: 'a', parts: [{ text: '1' }] });
    upsertArtifact(list, { parts: [{ text: 'u1' }] });
    upsertArtifact(list, { name: 'a', parts: [{ text: '2' }] });
    upsertArtifact(list, { parts: [{ text: 'u2' }] });
    expect(list).toEqual([{ name: 'a', parts: [{ text: '2' }] }, { parts: [{ text: 'u1' }] }, { parts: [{ text: 'u2' }] }]);
  });
});

describe('AgentChatError', () => {
  it('carries code, status and server status, and serializes', () => {
    const error = new AgentChatError('http-error', 'nope', { status: 404, serverStatus: 'NOT_FOUND' });
    expect(error).toBeInstanceOf(Error);
    expect(isAgentChatError(error)).toBe(true);
    expect(JSON.parse(JSON.stringify(error))).toEqual({ name: 'AgentChatError', code: 'http-error', message: 'nope', status: 404, serverStatus: 'NOT_FOUND' });
  });

  it('wraps anything thrown', () => {
    expect(toAgentChatError(new TypeError('x'))).toMatchObject({ code: 'network-error', message: 'x' });
    expect(toAgentChatError(new DOMException('stop', 'AbortError'))).toMatchObject({ code: 'aborted' });
    expect(toAgentChatError('text', 'server-error')).toMatchObject({ code: 'server-error', message: 'text' });
  });
});
