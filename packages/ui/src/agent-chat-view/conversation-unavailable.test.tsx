/**
 * A conversation the server answers 404 or 401 for (unknown, deleted, another user's, or no user) is a calm "not
 * available" in the view, never a network error: the client types those answers (`not-found`, `unauthorized`) and the
 * view shows one notice with a way to start over.
 */
import { createAgentChat, genkitTransport } from '@agent-chat/core';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { AgentChatView } from './agent-chat-view.js';

afterEach(cleanup);

/** The server: every request answered with `status` and a JSON error, as @agent-chat/server answers another user. */
const answering = (status: number, body: unknown): typeof fetch => async () => Response.json(body, { status });

describe('AgentChatView on a conversation the server will not show', () => {
  it.each([
    [404, { status: 'NOT_FOUND', message: 'No such conversation.' }],
    [401, { status: 'UNAUTHENTICATED', message: 'This request has no user: sign in.' }],
  ])('a %i on send is "This conversation is not available", with a new chat one click away', async (status, body) => {
    const chat = createAgentChat({ transport: genkitTransport({ url: 'http://localhost/api/agent', fetch: answering(status, body) }), sessionId: 'someone-elses' });
    const view = render(<AgentChatView chat={chat} />);
    await act(async () => void (await chat.send('let me in')));
    const notice = await screen.findByText('This conversation is not available.');
    expect(notice.parentElement!.getAttribute('role')).toBe('status');
    expect(view.container.textContent).not.toMatch(/No such conversation|HTTP|sign in|network/i);
    expect(screen.queryByRole('textbox', { name: 'Message' })).toBeNull();
    expect(await axeViolations(view.container)).toEqual([]);
    fireEvent.click(screen.getByRole('button', { name: 'Start a new chat' }));
    await waitFor(() => expect(screen.queryByText('This conversation is not available.')).toBeNull());
    expect(screen.getByRole('textbox', { name: 'Message' })).toBeTruthy();
    expect(chat.getState().sessionId).toBeNull();
  });

  it('a 500 stays a failure of the turn (not "not available")', async () => {
    const chat = createAgentChat({ transport: genkitTransport({ url: 'http://localhost/api/agent', fetch: answering(500, { status: 'INTERNAL', message: 'Internal error.' }) }) });
    render(<AgentChatView chat={chat} />);
    await act(async () => void (await chat.send('hi')));
    expect(await screen.findByText('Internal error.')).toBeTruthy();
    expect(screen.queryByText('This conversation is not available.')).toBeNull();
  });
});
