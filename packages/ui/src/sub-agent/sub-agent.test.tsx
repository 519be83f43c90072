import { createAgentChat, scriptedTransport, subAgents, type AgentEvent, type SubAgentRun } from '@agent-chat/core';
import { fireEvent, render } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { mount, until } from '../../test/mount.js';
import { preloadAgentChatView } from '../agent-chat-view/preload-agent-chat-view.js';
import { MessageList } from '../message-list/message-list.js';
import * as SubAgent from './parts.js';

beforeAll(() => preloadAgentChatView());
const mounted: Array<() => void> = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

const within = ['c1'];
/** A parent that asks a researcher; the researcher streams, calls its own search tool, and answers; `hold` pauses it mid-run. */
function researchTurn(hold: Promise<void>): () => AsyncIterable<AgentEvent> {
  return async function* () {
    yield { type: 'tool-request', part: { toolRequest: { name: 'research', ref: 'c1', input: { topic: 'tides' } } } };
    yield { type: 'sub-agent-start', within, agent: 'researcher' };
    yield { type: 'text-delta', text: 'Searching the web.', within };
    yield { type: 'tool-request', part: { toolRequest: { name: 'search', ref: 's1', input: { q: 'tides' } } }, within };
    await hold;
    yield { type: 'tool-response', part: { toolResponse: { name: 'search', ref: 's1', output: ['moon'] } }, within };
    yield { type: 'text-delta', text: 'The moon pulls the sea.', within, messageKey: 'answer' };
    yield { type: 'sub-agent-end', within, status: 'done' };
    yield { type: 'tool-response', part: { toolResponse: { name: 'research', ref: 'c1', output: 'The moon.' } } };
    yield { type: 'text-delta', text: 'Tides come from the moon.', messageKey: 'final' };
    yield { type: 'turn-end', finishReason: 'stop' };
  };
}

describe('a sub-agent run in the message list', () => {
  it('streams nested under its tool call while it works (open), folds away when it ends; the parent answer follows', async () => {
    let release!: () => void;
    const chat = createAgentChat({ transport: scriptedTransport([researchTurn(new Promise((resolve) => (release = resolve)))]), features: [subAgents()] });
    const view = mount(<MessageList chat={chat} />);
    mounted.push(view.unmount);
    const sent = chat.send('research tides');
    const trigger = () => view.container.querySelector<HTMLButtonElement>('.acu-subagent__trigger')!;
    await until(() => {
      expect(view.container.querySelector('.acu-subagent__text')?.textContent).toBe('Searching the web.');
      // The researcher's own tool call, as a tool row inside the run's work.
      expect(view.container.querySelector('.acu-subagent__content .acu-tool__name')?.textContent).toBe('Search');
    });
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(trigger().textContent).toContain('researcher');
    expect(trigger().textContent).toContain('Working');
    expect(await axeViolations(view.container)).toEqual([]);
    release();
    await sent;
    await until(() => expect(trigger().getAttribute('aria-expanded')).toBe('false'));
    const content = document.getElementById(trigger().getAttribute('aria-controls')!)!;
    expect(content.hidden).toBe(true);
    expect(trigger().textContent).toContain('Done');
    expect(view.container.querySelector('.acu-subagent [aria-live]')?.textContent).toBe('researcher: Done');
    // The answer continues below the run.
    const rows = [...view.container.querySelectorAll('.acu-message')].map((row) => row.textContent ?? '');
    expect(rows[rows.length - 1]).toContain('Tides come from the moon.');
    // Expandable again, by click (a button: Enter and Space too).
    fireEvent.click(trigger());
    expect(trigger().getAttribute('aria-expanded')).toBe('true');
    expect(content.hidden).toBe(false);
    expect(content.textContent).toContain('The moon pulls the sea.');
    expect(await axeViolations(view.container)).toEqual([]);
  });
});

describe('SubAgent parts', () => {
  const run: SubAgentRun = { agent: 'planner', status: 'done', durationMs: 3200, messages: [] };

  it('compose into a disclosure; Trigger toggles Content, wired by aria-controls and aria-labelledby', () => {
    const { container } = render(
      <SubAgent.Root run={run} defaultOpen={false}>
        <SubAgent.Trigger><SubAgent.Name /> <SubAgent.Status /> <SubAgent.Elapsed /></SubAgent.Trigger>
        <SubAgent.Content><p>work</p></SubAgent.Content>
      </SubAgent.Root>,
    );
    const trigger = container.querySelector('button')!;
    const content = container.querySelector('[role="group"]') as HTMLElement;
    expect(trigger.textContent).toBe('planner Done 3 s');
    expect(trigger.getAttribute('aria-controls')).toBe(content.id);
    expect(content.getAttribute('aria-labelledby')).toBe(trigger.id);
    expect(content.hidden).toBe(true);
    expect(content.textContent).toBe('');
    fireEvent.click(trigger);
    expect(content.hidden).toBe(false);
    expect(content.textContent).toBe('work');
    expect(container.querySelector('.acu-subagent')!.getAttribute('data-state')).toBe('open');
  });

  it('asChild renders each part onto the app\'s own element; controlled open follows the app', () => {
    let opened: boolean | null = null;
    const { container, rerender } = render(
      <SubAgent.Root run={run} open={false} onOpenChange={(open) => (opened = open)} asChild>
        <section>
          <SubAgent.Trigger asChild><a href="#run">details</a></SubAgent.Trigger>
          <SubAgent.Status asChild><strong>finished</strong></SubAgent.Status>
          <SubAgent.Content><p>work</p></SubAgent.Content>
        </section>
      </SubAgent.Root>,
    );
    const link = container.querySelector('a')!;
    expect(container.querySelector('section')!.className).toBe('acu-subagent');
    expect(link.getAttribute('aria-expanded')).toBe('false');
    expect(container.querySelector('strong')!.getAttribute('data-status')).toBe('done');
    fireEvent.click(link);
    expect(opened).toBe(true);
    expect(link.getAttribute('aria-expanded')).toBe('false'); // controlled: the app did not open it
    rerender(
      <SubAgent.Root run={run} open asChild>
        <section><SubAgent.Content><p>work</p></SubAgent.Content></section>
      </SubAgent.Root>,
    );
    expect(container.querySelector('[role="group"]')!.textContent).toBe('work');
  });
});
