// Runs twice: in the ui project (React 19) and in the react18 project (React 18.3), which includes *.react18.test.tsx.
import { createAgentChat, scriptedTransport } from '@agent-chat/core';
import { render } from '@testing-library/react';
import { createRef, version } from 'react';
import { describe, expect, it } from 'vitest';
import { Composer } from '../index.js';

describe(`Composer's ref on React ${version}`, () => {
  it('reaches the text field (an object ref and a callback ref)', () => {
    const chat = createAgentChat({ transport: scriptedTransport([]) });
    const objectRef = createRef<HTMLTextAreaElement>();
    let called: HTMLTextAreaElement | null = null;
    const { unmount } = render(
      <>
        <Composer.Root chat={chat} ref={objectRef} />
        <Composer.Root chat={chat} ref={(element) => { called = element; }} />
      </>,
    );
    expect(objectRef.current).toBeInstanceOf(HTMLTextAreaElement);
    expect(called).toBeInstanceOf(HTMLTextAreaElement);
    unmount();
    expect(objectRef.current).toBeNull();
  });

  it('runs on the React this project expects', () => {
    if (process.env.EXPECTED_REACT_MAJOR) expect(version.split('.')[0]).toBe(process.env.EXPECTED_REACT_MAJOR);
  });
});
