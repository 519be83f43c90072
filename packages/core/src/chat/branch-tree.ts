/**
 * The conversation as a tree of messages: a message's children are the alternatives that followed it (an edited
 * user message, a regenerated answer), and each node remembers which child is shown, so switching away from a line
 * and back is lossless. A line is the path from the root following the shown child at every node. Each turn records
 * its end state (`E`: custom state, artifacts, snapshot…) on its last message; a line's state is the last one on it.
 */

/** The id of the tree's root (the point before the first message). */
export const ROOT_ID = '';

/** Where a message sits among its alternatives: 0-based `index` of `count`. */
export interface SiblingPosition {
  index: number;
  count: number;
}

interface TreeNode<M, E> {
  parent: string | null;
  children: string[];
  /** Index into `children` of the shown child (-1: none yet). */
  shown: number;
  message: M | null;
  end: E | undefined;
}

/** A message tree keyed by message id. */
export class BranchTree<M extends { id: string }, E> {
  private readonly nodes = new Map<string, TreeNode<M, E>>();

  constructor(rootEnd: E) {
    this.nodes.set(ROOT_ID, { parent: null, children: [], shown: -1, message: null, end: rootEnd });
  }

  has(id: string): boolean {
    return id !== ROOT_ID && this.nodes.has(id);
  }

  message(id: string): M | undefined {
    return this.nodes.get(id)?.message ?? undefined;
  }

  /** The parent of a message (ROOT_ID for a first message), or undefined for an unknown id. */
  parentOf(id: string): string | undefined {
    return this.nodes.get(id)?.parent ?? undefined;
  }

  /** A message's place among the children of its parent. */
  siblings(id: string): SiblingPosition | undefined {
    const parent = this.parentOf(id);
    return parent === undefined ? undefined : this.positionUnder(parent, id);
  }

  /** The place `id` has (or would have, added last) among the children of `parentId`. */
  positionUnder(parentId: string, id: string): SiblingPosition {
    const children = this.nodes.get(parentId)?.children ?? [];
    const index = children.indexOf(id);
    return index >= 0 && this.nodes.get(id)?.parent === parentId ? { index, count: children.length } : { index: children.length, count: children.length + 1 };
  }

  /** The ids from the root (exclusive) down to `id` (inclusive). */
  pathTo(id: string): string[] {
    const path: string[] = [];
    for (let at: string | null | undefined = id; at && at !== ROOT_ID; at = this.nodes.get(at)?.parent) path.push(at);
    return path.reverse();
  }

  /** The shown line below `from` (default: the root): ids of the shown child at every level, down to a leaf. */
  lineIds(from: string = ROOT_ID): string[] {
    const ids = from === ROOT_ID ? [] : this.pathTo(from);
    for (let node = this.nodes.get(from); node && node.shown >= 0; ) {
      const next = node.children[node.shown]!;
      ids.push(next);
      node = this.nodes.get(next);
    }
    return ids;
  }

  /** The end state that holds at `id`: the last one recorded on the path from the root to it. */
  endAt(id: string): E {
    for (let at: string | null | undefined = id; at !== null && at !== undefined; at = this.nodes.get(at)?.parent) {
      const end = this.nodes.get(at)?.end;
      if (end !== undefined) return end;
    }
    return this.nodes.get(ROOT_ID)!.end!;
  }

  /** The end state of the shown line. */
  lineEnd(): E {
    const ids = this.lineIds();
    return this.endAt(ids[ids.length - 1] ?? ROOT_ID);
  }

  /**
   * Makes `messages` the shown line below `parentId` (itself shown): messages already in the tree under the same parent are updated
   * and followed, others become new children. `end` is recorded on the last message (on `parentId` if there is none).
   */
  extend(parentId: string, messages: readonly M[], end?: E): void {
    this.reveal(parentId);
    let parent = parentId;
    for (const message of messages) {
      const parentNode = this.nodes.get(parent)!;
      const existing = this.nodes.get(message.id);
      if (existing && existing.parent === parent) {
        existing.message = message;
      } else {
        if (existing) this.detach(message.id);
        parentNode.children.push(message.id);
        this.nodes.set(message.id, { parent, children: [], shown: -1, message, end: undefined });
      }
      parentNode.shown = parentNode.children.indexOf(message.id);
      parent = message.id;
    }
    if (end !== undefined) this.nodes.get(parent)!.end = end;
  }

  /**
   * Adds `message` as the last child of `parentId` (known) and makes it that node's shown child, without showing the path
   * to it: O(1), for building a whole tree whose choices `choose` then sets.
   */
  append(parentId: string, message: M, end?: E): void {
    const parent = this.nodes.get(parentId)!;
    parent.children.push(message.id);
    parent.shown = parent.children.length - 1;
    this.nodes.set(message.id, { parent: parentId, children: [], shown: -1, message, end });
  }

  /** Sets the shown child of `parentId` alone (its ancestors' choices stay); false when out of range. */
  choose(parentId: string, index: number): boolean {
    const node = this.nodes.get(parentId);
    if (!node || !Number.isInteger(index) || index < 0 || index >= node.children.length) return false;
    node.shown = index;
    return true;
  }

  /** Replaces the message a node holds (same id: a decorated or updated copy). */
  replace(message: M): void {
    const node = this.nodes.get(message.id);
    if (node && message.id !== ROOT_ID) node.message = message;
  }

  /** Shows the `index`th child of `parentId` (and the line through it); returns its id, or undefined when out of range. */
  show(parentId: string, index: number): string | undefined {
    const node = this.nodes.get(parentId);
    if (!node || !Number.isInteger(index) || index < 0 || index >= node.children.length) return undefined;
    this.reveal(node.children[index]!);
    return node.children[index];
  }

  /** Makes the line through `id` the shown one (every ancestor shows its child on the path). */
  reveal(id: string): void {
    for (const step of this.pathTo(id)) {
      const parent = this.nodes.get(this.nodes.get(step)!.parent!)!;
      parent.shown = parent.children.indexOf(step);
    }
  }

  /** Makes the line end at `id`: the path to it shown, nothing below it (until the next `extend`). */
  cut(id: string): void {
    this.reveal(id);
    const node = this.nodes.get(id);
    if (node) node.shown = -1;
  }

  /** A node's children (in the order they were added), its shown child, and the end recorded on exactly it. */
  inspect(id: string): { children: readonly string[]; shown: string | undefined; end: E | undefined } {
    const node = this.nodes.get(id);
    return { children: node?.children ?? [], shown: node?.children[node.shown], end: node?.end };
  }

  private detach(id: string): void {
    const node = this.nodes.get(id)!;
    const parent = this.nodes.get(node.parent!)!;
    const index = parent.children.indexOf(id);
    parent.children.splice(index, 1);
    if (parent.shown >= parent.children.length || parent.shown > index) parent.shown--;
    const drop = (at: string) => {
      for (const child of this.nodes.get(at)!.children) drop(child);
      this.nodes.delete(at);
    };
    drop(id);
  }
}
