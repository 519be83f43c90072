// Runs twice: in the ui project (React 19) and in the react18 project (React 18.3), which includes *.react18.test.tsx.
import { cleanup, fireEvent, render } from '@testing-library/react';
import { createRef, forwardRef, useCallback, useState, version, type ReactNode } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { PartButton } from './part-button.js';
import { Slot } from './slot.js';

// Each test's tree unmounted after it (no globals: Testing Library does not register its own cleanup), so a test's
// queries see its own tree only, in any order.
afterEach(cleanup);

describe(`asChild's Slot on React ${version}`, () => {
  it('merges onto the child: both refs, both handlers (the child’s first), classes joined, styles merged, the child’s other props win', () => {
    const slotRef = createRef<HTMLElement>();
    const childRef = createRef<HTMLAnchorElement>();
    const calls: string[] = [];
    const { getByRole } = render(
      <Slot ref={slotRef} className="part" title="part" style={{ color: 'red', margin: 1 }} data-state="idle" onClick={() => calls.push('part')}>
        <a ref={childRef} href="#x" className="mine" title="mine" style={{ color: 'blue' }} onClick={() => calls.push('child')}>Link</a>
      </Slot>,
    );
    const link = getByRole('link', { name: 'Link' });
    expect([slotRef.current?.tagName, childRef.current?.tagName]).toEqual(['A', 'A']);
    expect(childRef.current).toBe(link);
    expect(link.className).toBe('part mine');
    expect(link.getAttribute('style')).toBe('color: blue; margin: 1px;');
    expect(link.dataset.state).toBe('idle');
    fireEvent.click(link);
    expect(calls).toEqual(['child', 'part']);
  });

  it('renders nothing without one element child', () => {
    const { container } = render(<Slot>text</Slot>);
    expect(container.innerHTML).toBe('');
  });
});

describe(`asChild's ref on React ${version} (radix-ui/primitives#3799)`, () => {
  it('keeps one ref callback across renders: a child ref that sets state renders a bounded number of times', () => {
    let renders = 0;
    let attached = 0;
    function Host() {
      renders += 1;
      const [, setNode] = useState<HTMLElement | null>(null);
      const [, setMounts] = useState(0);
      // Sets state on every attach: with a new composed ref per render this re-renders forever.
      const childRef = useCallback((node: HTMLElement | null) => {
        setNode(node);
        if (node) {
          attached += 1;
          setMounts((count) => count + 1);
        }
      }, []);
      return <PartButton asChild><a ref={childRef} href="#x">Link</a></PartButton>;
    }
    const { rerender, container } = render(<Host />);
    rerender(<Host />);
    rerender(<Host />);
    expect(container.querySelectorAll('a')).toHaveLength(1);
    expect(attached).toBe(1);
    expect(renders).toBeLessThanOrEqual(5);
  });

  it('hands the same function to the child on every render while the refs stay the same', () => {
    const seen = new Set<unknown>();
    const outer = createRef<HTMLElement>();
    function Spy(props: { ref?: unknown; children?: ReactNode }) {
      return <span>{props.children}</span>;
    }
    const SpyWithRef = forwardRef<HTMLElement, { children?: ReactNode }>(function SpyWithRef(props, ref) {
      seen.add(ref);
      return <Spy>{props.children}</Spy>;
    });
    const { rerender } = render(<Slot ref={outer}><SpyWithRef>one</SpyWithRef></Slot>);
    rerender(<Slot ref={outer}><SpyWithRef>two</SpyWithRef></Slot>);
    rerender(<Slot ref={outer}><SpyWithRef>three</SpyWithRef></Slot>);
    expect(seen.size).toBe(1);
  });
});
