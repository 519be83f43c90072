import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';

/** How close to the end (px) still counts as "at the bottom". */
const THRESHOLD = 32;

/**
 * Keeps a scroll container at its end while content grows, unless the reader scrolled up; `jump` returns to the end.
 * Rows mounted or measured below the viewport (a virtualized list) move the end away without a scroll up: it follows.
 * Call `follow` after each commit (in a layout effect); growth without a commit (an image loading, a `<details>`
 * opening) is seen through a ResizeObserver on `content`.
 */
export function useStickToBottom(ref: RefObject<HTMLElement | null>, content: RefObject<HTMLElement | null>) {
  const stuck = useRef(true);
  // The scroll position last seen: only a move up (the reader's) lets go of the end, not rows measured or mounted.
  const lastTop = useRef(0);
  const [atBottom, setAtBottom] = useState(true);
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
    return () => observer.disconnect();
  }, [content, follow]);
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
  return { atBottom, measure, follow, jump, following };
}
