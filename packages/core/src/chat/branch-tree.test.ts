import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { BranchTree, ROOT_ID } from './branch-tree.js';

interface Msg {
  id: string;
  text: string;
}
const m = (id: string, text = id): Msg => ({ id, text });
const ids = (tree: BranchTree<Msg, unknown>) => tree.lineIds();

describe('BranchTree', () => {
  it('extend builds a line; a second extend from an earlier point adds a sibling and shows it', () => {
    const tree = new BranchTree<Msg, string>('start');
    tree.extend(ROOT_ID, [m('u1'), m('a1'), m('u2'), m('a2')], 'after-2');
    expect(ids(tree)).toEqual(['u1', 'a1', 'u2', 'a2']);
    tree.extend('a1', [m('u2b'), m('a2b')], 'after-2b');
    expect(ids(tree)).toEqual(['u1', 'a1', 'u2b', 'a2b']);
    expect(tree.siblings('u2b')).toEqual({ index: 1, count: 2 });
    expect(tree.siblings('u2')).toEqual({ index: 0, count: 2 });
    expect(tree.siblings('a1')).toEqual({ index: 0, count: 1 });
    expect(tree.lineEnd()).toBe('after-2b');
    expect(tree.show('a1', 0)).toBe('u2');
    expect(ids(tree)).toEqual(['u1', 'a1', 'u2', 'a2']);
    expect(tree.lineEnd()).toBe('after-2');
    expect(tree.show('a1', 2)).toBeUndefined();
  });

  it('append adds a shown child without showing the path to it; choose sets one choice alone', () => {
    const tree = new BranchTree<Msg, string>('start');
    tree.append(ROOT_ID, m('u1'));
    tree.append('u1', m('a1'), 'after-1');
    tree.append(ROOT_ID, m('u1b'));
    tree.append('u1', m('a1b'), 'after-1b');
    // The root shows u1b (appended last); u1 shows a1b, though the line does not pass through it.
    expect(ids(tree)).toEqual(['u1b']);
    expect(tree.choose(ROOT_ID, 0)).toBe(true);
    expect(ids(tree)).toEqual(['u1', 'a1b']);
    expect(tree.choose('u1', 0)).toBe(true);
    expect(ids(tree)).toEqual(['u1', 'a1']);
    expect(tree.lineEnd()).toBe('after-1');
    expect(tree.choose('u1', 2)).toBe(false);
    expect(tree.choose('nowhere', 0)).toBe(false);
  });

  it('existing ids under the same parent are followed and updated, not duplicated', () => {
    const tree = new BranchTree<Msg, string>('start');
    tree.extend(ROOT_ID, [m('u1'), m('a1', 'draft')]);
    tree.extend(ROOT_ID, [m('u1'), m('a1', 'final'), m('u2')], 'end');
    expect(tree.lineIds().map((id) => tree.message(id))).toEqual([m('u1'), m('a1', 'final'), m('u2')]);
    expect(tree.siblings('a1')).toEqual({ index: 0, count: 1 });
  });

  it('endAt is the last end recorded on the path; the root end holds before any turn', () => {
    const tree = new BranchTree<Msg, string>('start');
    expect(tree.lineEnd()).toBe('start');
    tree.extend(ROOT_ID, [m('u1'), m('a1')], 'one');
    tree.extend('a1', [m('u2')]);
    expect(tree.endAt('u2')).toBe('one');
    expect(tree.endAt('u1')).toBe('start');
    expect(tree.endAt(ROOT_ID)).toBe('start');
  });

  it('keeps each node\'s shown child: switching an upper level and back restores the lower choice', () => {
    const tree = new BranchTree<Msg, string>('start');
    tree.extend(ROOT_ID, [m('u1'), m('a1'), m('u2'), m('a2')]);
    tree.extend('u2', [m('a2b')]);
    tree.extend(ROOT_ID, [m('u1b'), m('a1b')]);
    expect(ids(tree)).toEqual(['u1b', 'a1b']);
    tree.show(ROOT_ID, 0);
    expect(ids(tree)).toEqual(['u1', 'a1', 'u2', 'a2b']);
  });

  it('reveal shows the line through a node', () => {
    const tree = new BranchTree<Msg, string>('start');
    tree.extend(ROOT_ID, [m('u1'), m('a1')]);
    tree.extend(ROOT_ID, [m('u1b')]);
    tree.reveal('a1');
    expect(ids(tree)).toEqual(['u1', 'a1']);
  });

  it('inspect reads children, the shown child and a node\'s own end; positionUnder places a new child last', () => {
    const tree = new BranchTree<Msg, string>('start');
    tree.extend(ROOT_ID, [m('u1'), m('a1')], 'one');
    tree.extend('u1', [m('a1b'), m('u2')], 'two');
    tree.show('u1', 0);
    expect(tree.inspect('u1')).toEqual({ children: ['a1', 'a1b'], shown: 'a1', end: undefined });
    expect(tree.inspect('u2').shown).toBeUndefined();
    expect([tree.inspect('a1').end, tree.inspect('u2').end]).toEqual(['one', 'two']);
    expect(tree.positionUnder('u1', 'a1b')).toEqual({ index: 1, count: 2 });
    expect(tree.positionUnder('u1', 'new')).toEqual({ index: 2, count: 3 });
  });

  it('property: after any sequence of extends and shows, the line is a path and sibling positions are consistent', () => {
    type Op = { kind: 'extend'; at: number; length: number } | { kind: 'show'; at: number; index: number };
    const op = fc.oneof(
      fc.record({ kind: fc.constant('extend' as const), at: fc.nat(), length: fc.integer({ min: 0, max: 3 }) }),
      fc.record({ kind: fc.constant('show' as const), at: fc.nat(), index: fc.nat(4) }),
    );
    fc.assert(
      fc.property(fc.array(op, { maxLength: 40 }), (ops: Op[]) => {
        const tree = new BranchTree<Msg, number>(0);
        const all: string[] = [ROOT_ID];
        let next = 0;
        ops.forEach((step, turn) => {
          const at = all[step.at % all.length]!;
          if (step.kind === 'extend') {
            const added = Array.from({ length: step.length }, () => m(`n${++next}`));
            tree.extend(at, added, turn + 1);
            all.push(...added.map((message) => message.id));
            const path = at === ROOT_ID ? [] : tree.pathTo(at);
            expect(ids(tree).slice(0, path.length + added.length)).toEqual([...path, ...added.map((message) => message.id)]);
          } else {
            const before = ids(tree);
            const shown = tree.show(at, step.index);
            if (shown === undefined) expect(ids(tree)).toEqual(before);
            else expect(ids(tree)).toContain(shown);
          }
          const line = ids(tree);
          line.forEach((id, index) => {
            expect(tree.parentOf(id)).toBe(index === 0 ? ROOT_ID : line[index - 1]);
            const position = tree.siblings(id)!;
            expect(position.index).toBeGreaterThanOrEqual(0);
            expect(position.index).toBeLessThan(position.count);
          });
          // Positions of all children of a node are 0..count-1, each once.
          const children = new Map<string, number[]>();
          for (const id of all.slice(1)) {
            const parent = tree.parentOf(id)!;
            children.set(parent, [...(children.get(parent) ?? []), tree.siblings(id)!.index]);
          }
          for (const indexes of children.values()) expect([...indexes].sort((a, b) => a - b)).toEqual(indexes.map((_, index) => index));
        });
      }),
      { numRuns: 200 },
    );
  });
});
