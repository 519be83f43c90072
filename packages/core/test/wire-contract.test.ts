import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as contract from '@agent-chat/core/contract';
import {
  checkId, isSafeId, parseFrameId, parseResumableHeader, parseTurnPath, routePath, ROUTE_NAMES, ROUTES, TURN_ACTIONS, turnPath,
} from '@agent-chat/core/contract';

const page = readFileSync(new URL('../../../docs/WIRE-CONTRACT.md', import.meta.url), 'utf8');

/** The page's table rows: `| \`EXPORT\` | \`value\` | … |` as [export, value]. */
const rows = [...page.matchAll(/^\| `([A-Za-z_.-]+)` \| `([^`]+)` \|/gm)].map(([, name, value]) => [name!, value!] as const);

/** The value an export path names (`ROUTES.ai-sdk` is `ROUTES['ai-sdk']`); a RegExp as its source. */
function valueOf(path: string): unknown {
  const value = path.split('.').reduce<unknown>((object, key) => (object as Record<string, unknown>)[key], contract);
  return value instanceof RegExp ? value.source : value;
}

describe('the wire contract page (docs/WIRE-CONTRACT.md) and @agent-chat/core/contract', () => {
  it('every row of the page is an export with the value the page gives', () => {
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const [name, value] of rows) expect({ name, value: valueOf(name) }).toEqual({ name, value });
  });

  it('every export is on the page: its constants (and each route) in a row, its functions by name', () => {
    const inRows = new Set(rows.map(([name]) => name));
    for (const [name, value] of Object.entries(contract)) {
      if (typeof value === 'function') expect(page, name).toContain(`\`${name}(`);
      else if (typeof value === 'string' || value instanceof RegExp) expect(inRows, name).toContain(name);
      else if (Array.isArray(value)) expect(page, name).toContain(`\`${name}\``);
      else for (const key of Object.keys(value as object)) expect(inRows, `${name}.${key}`).toContain(`${name}.${key}`);
    }
  });

  it('turn paths: built and read back, any id URI-encoded; anything else is no turn path', () => {
    for (const action of TURN_ACTIONS) {
      expect(turnPath('turn-1', action)).toBe(`turns/turn-1/${action}`);
      expect(parseTurnPath(`/api/agui/${turnPath('a b/c', action)}`)).toEqual({ turnId: 'a b/c', action });
      expect(parseTurnPath(`/api/agent/turns/t/${action}/`)).toEqual({ turnId: 't', action });
    }
    for (const path of ['/api/agent/turns/t/resume', '/api/agent/turns//stream', '/api/agent/turns/%E0%A4%A/stream', '/api/agent/turns/t/stream/x']) {
      expect(parseTurnPath(path), path).toBeNull();
    }
  });

  it('frame ids: integers from -1 up; anything else (none, empty, fractions, words) is from the start', () => {
    expect(contract.frameIdLine(7)).toBe('id: 7\n');
    expect([parseFrameId('7'), parseFrameId('-1'), parseFrameId('0')]).toEqual([7, -1, 0]);
    for (const raw of [null, undefined, '', '1.5', '-2', 'x', '1e400']) expect(parseFrameId(raw), String(raw)).toBe(-1);
  });

  it('x-agent-resumable: true / 1, false / 0 (any case), else undefined', () => {
    expect(['true', 'TRUE', '1', 'false', 'False', '0', 'yes', '', null].map(parseResumableHeader)).toEqual([
      true, true, true, false, false, false, undefined, undefined, undefined,
    ]);
  });

  it('routes: one per protocol the kit server serves, under a base without a doubled slash', () => {
    expect(ROUTE_NAMES).toEqual(Object.values(ROUTES));
    expect(ROUTE_NAMES.map((name) => routePath('/api/', name))).toEqual(['/api/agent', '/api/agui', '/api/ai-sdk']);
    expect(routePath('', 'threads')).toBe('/threads');
  });

  it('ids: 1-128 of A-Z a-z 0-9 _ -; checkId names the unsafe one and passes an absent one', () => {
    expect([isSafeId('a_B-9'), isSafeId('x'.repeat(128)), isSafeId('x'.repeat(129)), isSafeId('..'), isSafeId('a/b'), isSafeId(7)]).toEqual([
      true, true, false, false, false, false,
    ]);
    expect(checkId('sessionId', '../x')).toMatch(/^Invalid sessionId: /);
    expect([checkId('sessionId', undefined), checkId('sessionId', null), checkId('sessionId', 'ok')]).toEqual([undefined, undefined, undefined]);
  });
});
