import {
  cloneElement, forwardRef, isValidElement, useCallback, version,
  type HTMLAttributes, type ReactElement, type ReactNode, type Ref,
} from 'react';

import { setRef } from '../util/set-ref.js';

type Props = Record<string, unknown>;

/**
 * One callback ref that hands the element to both refs, the same function for as long as the two refs are the same:
 * a new one each render would make React detach and attach on every commit, and a ref callback that sets state would
 * render forever (radix-ui/primitives#3799).
 */
export function useComposedRef<T>(first: Ref<T> | undefined, second: Ref<T> | undefined): (element: T | null) => void {
  return useCallback((element: T | null) => {
    setRef(first, element);
    setRef(second, element);
  }, [first, second]);
}

// React 18's development props answer `ref` with a warning getter: ask by version, not by `'ref' in props`.
const REF_IS_A_PROP = Number(version.split('.')[0]) >= 19;

/** The child's own ref: a prop on React 19, the element's field on React 18. */
const refOf = (element: ReactNode): Ref<unknown> | undefined => {
  if (!isValidElement(element)) return undefined;
  return REF_IS_A_PROP ? ((element.props as Props).ref as Ref<unknown>) : (element as unknown as { ref?: Ref<unknown> }).ref;
};

/** The slot's props merged onto the child's: handlers both run (the child's first), classes joined, styles merged, the child winning otherwise. */
function mergeProps(slot: Props, child: Props): Props {
  const merged: Props = { ...slot, ...child };
  for (const key of Object.keys(slot)) {
    const ours = slot[key];
    const theirs = child[key];
    if (/^on[A-Z]/.test(key) && typeof ours === 'function' && typeof theirs === 'function') {
      merged[key] = (...args: unknown[]) => {
        theirs(...args);
        ours(...args);
      };
    } else if (key === 'className' && ours && theirs) merged[key] = `${ours as string} ${theirs as string}`;
    else if (key === 'style' && ours && theirs) merged[key] = { ...(ours as object), ...(theirs as object) };
  }
  return merged;
}

/**
 * Renders its only child with the slot's props merged onto it (what `asChild` does): the part's attributes, handlers,
 * class and ref on the app's own element. Radix's Slot does the same with more cases; this one is 0.3 kB. Its ref
 * callback is stable across renders (see `useComposedRef`).
 */
export const Slot = forwardRef<HTMLElement, HTMLAttributes<HTMLElement> & { children?: ReactNode }>(function Slot({ children, ...slot }, ref) {
  const composed = useComposedRef<unknown>(ref, refOf(children));
  if (!isValidElement(children)) return null;
  return cloneElement(children, { ...mergeProps(slot as Props, children.props as Props), ref: composed } as Props);
});

/**
 * For a root that renders content of its own around its parts (a form's hidden input, a live region): with `asChild`,
 * the app's one element hosts the root and its own children are the parts; `render(parts)` is the root's content, put
 * inside the host. Null without `asChild` (or without one element child): the root renders its own element.
 */
export function hostOf(asChild: boolean | undefined, children: ReactNode): { parts: ReactNode; wrap: (content: ReactNode) => ReactElement } | null {
  if (!asChild || !isValidElement(children)) return null;
  const host = children as ReactElement<{ children?: ReactNode }>;
  return { parts: host.props.children, wrap: (content) => cloneElement(host, undefined, content) };
}
