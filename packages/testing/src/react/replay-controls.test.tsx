// @vitest-environment jsdom
import { AgentChatView } from '@agent-chat/ui';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { keptRecording } from '../../test/kept-recordings.js';
import { replayControlsOf } from './replay-controls.js';
import { recordingPlayed, withRecording } from './with-recording.js';

afterEach(cleanup);

describe('story controls', () => {
  it('reads args over globals into replay options; unknown values are left out', () => {
    expect(replayControlsOf({ replaySpeed: '2', replayFault: 'cut' }, { replaySpeed: 'instant', replayUpTo: 3, replayPauseMs: 250, replayTrimColdStart: true, replayLenient: true })).toEqual({
      speed: Infinity, fault: { kind: 'cut', afterFrames: 2 }, upTo: 3, pauseMs: 250, trimColdStart: true, match: 'lenient',
    });
    expect(replayControlsOf({ replaySpeed: '4', replayFault: 'slow-first-byte' })).toEqual({ speed: 4, fault: { kind: 'stall', afterFrames: 0, ms: 3000 } });
    expect(replayControlsOf({ replayFault: 'none', replaySpeed: 'fast' }, { replayUpTo: -1 })).toEqual({});
  });

  it('a story\'s args play up to turn N with the fault on the last turn played; recordingPlayed resolves with the chat', async () => {
    const context = { id: 'recorded--upto', args: { replaySpeed: 'instant', replayUpTo: 2, replayFault: 'http-503' } };
    render(<>{withRecording(keptRecording('genkit-tasks'))(() => <AgentChatView />, context)}</>);
    let chat!: Awaited<ReturnType<typeof recordingPlayed>>;
    await act(async () => {
      chat = await recordingPlayed(context);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    });
    expect(chat.getState()).toMatchObject({ status: 'error', error: { code: 'http-error', status: 503 } });
    expect(chat.getState().messages.filter((message) => message.role === 'user').map((message) => message.content)).toEqual([[{ text: 'add Buy milk' }], [{ text: 'add Walk the dog' }]]);
    expect(screen.getAllByText(/overloaded/).length).toBeGreaterThan(0);
  });
});
