// Runs twice: in the ui project (React 19) and in the react18 project (React 18.3), which includes *.react18.test.tsx.
import { fireEvent, render } from '@testing-library/react';
import { createRef, version } from 'react';
import { describe, expect, it } from 'vitest';
import { Slot } from './slot.js';

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
