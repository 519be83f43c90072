import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** How close to the end (px) still counts as "at the bottom". */
const THRESHOLD = 32;

/**
 * Keeps a scroll container at its end while content grows, unless the reader scrolled up; `jump` returns to the end.
 * Rows mounted or measured below the viewport (a virtualized list) move the end away without a scroll up: it follows.
 * Growth is seen through a ResizeObserver on `content` (and the list's own size, through the same observer), whether a
 * commit made it or not (an image loading, a `<details>` opening): its callback runs after the browser laid the page
 * out, before the paint, so following there reads a clean layout. Call `afterCommit` in a layout effect: it follows at
 * once only where no observer watches yet (its first commit, no ResizeObserver); reading the list's height in the
 * commit forced a layout of the streaming answer at every commit, before the frame's own. `follow` scrolls at once.
 */
export function useStickToBottom(ref: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>) {
  const stuck = useRef(true);
  // The scroll position last seen: only a move up (the reader's) lets go of the end, not rows measured or mounted.
  const lastTop = useRef(0);
  const [atBottom, setAtBottom] = useState(true);
  // Whether the ResizeObserver watches: then it, not the commit, follows growth.
  const observed = useRef(false);
  const follow = useCallback(() => {
    const element = ref.current;
    if (element && stuck.current) {
      element.scrollTop = element.scrollHeight;
      lastTop.current = element.scrollTop;
    }
  }, [ref]);
  useEffect(() => {
    const element = content.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(follow);
    observer.observe(element);
    if (ref.current) observer.observe(ref.current);
    observed.current = true;
    return () => {
      observed.current = false;
      observer.disconnect();
    };
  }, [ref, content, follow]);
  const afterCommit = useCallback(() => {
    if (!observed.current) follow();
  }, [follow]);
  const stick = (bottom: boolean) => {
    stuck.current = bottom;
    setAtBottom(bottom);
  };
  const measure = () => {
    const element = ref.current;
    if (!element) return;
    const top = element.scrollTop;
    // Our own follow's scroll (the position it set): nothing to learn, and no layout to read (a streaming answer's
    // scroll event comes every commit, often with the next commit's layout pending).
    if (top === lastTop.current && stuck.current) return;
    if (element.scrollHeight - top - element.clientHeight <= THRESHOLD) stick(true);
    else if (top < lastTop.current) stick(false);
    lastTop.current = top;
  };
  const jump = () => {
    stick(true);
    follow();
  };
  // Whether the list follows its end now (not the rendered `atBottom`, which trails it by a render).
  const following = useCallback(() => stuck.current, []);
  return { atBottom, measure, follow, afterCommit, jump, following };
}
