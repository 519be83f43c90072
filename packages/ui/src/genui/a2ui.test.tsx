import { createAgentChat, scriptedTransport, type AgentEvent, type Part, type TurnRequest } from '@agent-chat/core';
import { a2uiActionOf, a2uiPart } from '@agent-chat/core/genui';
import { createBinderlessComponentImplementation } from '@a2ui/react/v0_9';
import type { ComponentApi } from '@a2ui/web_core/v0_9';
import { fireEvent } from '@testing-library/react';
import { z } from 'zod/v3';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations } from '../../test/axe.js';
import { mount, until } from '../../test/mount.js';
import { preloadAgentChatView } from '../agent-chat-view/preload-agent-chat-view.js';
import { MessageList } from '../message-list/message-list.js';
import { a2ui, preloadA2ui, renderParts } from '../genui.js';

beforeAll(async () => {
  await preloadAgentChatView();
  await preloadA2ui();
});

const mounted: Array<() => void> = [];
afterEach(() => {
  for (const unmount of mounted.splice(0)) unmount();
});

const v = 'v0.9';
const catalogId = 'https://a2ui.org/specification/v0_9/catalogs/basic/catalog.json';
const add = (message: unknown, messageKey = 'm'): AgentEvent => ({ type: 'part-add', part: a2uiPart(message), role: 'model', messageKey });
const text = (value: string, messageKey = 'm'): AgentEvent => ({ type: 'text-delta', text: value, messageKey });

/** A booking form: a title bound to the data model, a name field bound both ways, a submit button whose action carries the name. */
const bookingForm = (surfaceId = 'booking'): AgentEvent[] => [
  text('Here is the form.'),
  add({ version: v, createSurface: { surfaceId, catalogId } }),
  add({
    version: v,
    updateComponents: {
      surfaceId,
      components: [
        { id: 'root', component: 'Column', children: ['title', 'name', 'submit'] },
        { id: 'title', component: 'Text', text: { path: '/title' } },
        { id: 'name', component: 'TextField', label: 'Name', value: { path: '/name' } },
        { id: 'submit-label', component: 'Text', text: 'Book' },
        { id: 'submit', component: 'Button', child: 'submit-label', action: { event: { name: 'book', context: { name: { path: '/name' }, party: 2 } } } },
      ],
    },
  }),
  add({ version: v, updateDataModel: { surfaceId, path: '/', value: { title: 'Book a table', name: '' } } }),
];
const askBooking: AgentEvent = { type: 'tool-request', part: { toolRequest: { name: 'bookTable', ref: 'b1', input: { surfaceId: 'booking' } }, metadata: { interrupt: true } }, messageKey: 'm' };

function answerFrom(request: TurnRequest): AgentEvent[] {
  const fromResume = request.input.resume?.respond?.[0]?.toolResponse.output as { action?: { context?: { name?: string } } } | undefined;
  const fromTurn = request.input.message?.content.map((part: Part) => a2uiActionOf(part)).find(Boolean);
  const name = fromResume?.action?.context?.name ?? fromTurn?.action.context.name;
  return [text(`Booked for ${String(name)} (${fromResume ? 'resume' : 'next turn'}).`, 'a'), { type: 'turn-end', finishReason: 'stop' }];
}

function mountList(chat: ReturnType<typeof createAgentChat>, theme?: 'dark') {
  const view = mount(
    <div data-acu-theme={theme}>
      <MessageList chat={chat} renderPart={renderParts(a2ui())} />
    </div>,
  );
  mounted.push(view.unmount);
  return view;
}

describe('a2ui(): A2UI surfaces in the message list', () => {
  it('renders the form with the kit catalog, binds its field, and its submit answers the interrupt that names it', async () => {
    const transport = scriptedTransport([[...bookingForm(), askBooking, { type: 'turn-end', finishReason: 'interrupted' }], answerFrom]);
    const chat = createAgentChat({ transport });
    const view = mountList(chat);
    await chat.send('book a table');
    await until(() => expect(view.container.querySelector('.acu-a2ui input')).not.toBeNull());
    const input = view.container.querySelector<HTMLInputElement>('.acu-a2ui input')!;
    expect(view.container.querySelector('.acu-a2ui')?.textContent).toContain('Book a table');
    expect(view.container.textContent).toContain('Here is the form.');
    fireEvent.change(input, { target: { value: 'Ada' } });
    await until(() => expect(input.value).toBe('Ada'));
    expect(await axeViolations(view.container)).toEqual([]);
    fireEvent.click([...view.container.querySelectorAll<HTMLButtonElement>('.acu-a2ui button')].find((button) => button.textContent === 'Book')!);
    await until(() => expect(view.container.textContent).toContain('Booked for Ada (resume).'));
    const answer = transport.requests[1]!.input.resume!.respond![0]!;
    expect(answer.toolResponse).toMatchObject({ name: 'bookTable', ref: 'b1', output: { version: 'v0.9', action: { name: 'book', surfaceId: 'booking', sourceComponentId: 'submit', context: { name: 'Ada', party: 2 } } } });
  });

  it('without an interrupt, an action is the next turn (its text line and the action part); the surface follows later updates', async () => {
    const retitle: AgentEvent[] = [add({ version: v, updateDataModel: { surfaceId: 'booking', path: '/title', value: 'Table booked' } }, 'u'), { type: 'turn-end', finishReason: 'stop' }];
    const transport = scriptedTransport([[...bookingForm(), { type: 'turn-end', finishReason: 'stop' }], answerFrom, retitle]);
    const chat = createAgentChat({ transport });
    const view = mountList(chat, 'dark');
    await chat.send('book a table');
    await until(() => expect(view.container.querySelector('.acu-a2ui input')).not.toBeNull());
    fireEvent.change(view.container.querySelector('.acu-a2ui input')!, { target: { value: 'Grace' } });
    fireEvent.click([...view.container.querySelectorAll<HTMLButtonElement>('.acu-a2ui button')].find((button) => button.textContent === 'Book')!);
    await until(() => expect(view.container.textContent).toContain('Booked for Grace (next turn).'));
    expect(transport.requests[1]!.input.message!.content[0]).toEqual({ text: '[book] {"name":"Grace","party":2}' });
    // A later turn updates the surface of the first answer, in place (one surface, its new title).
    await chat.send('thanks');
    await until(() => expect(view.container.querySelector('.acu-a2ui')?.textContent).toContain('Table booked'));
    expect(view.container.querySelectorAll('.acu-a2ui[data-surface-id="booking"]')).toHaveLength(1);
    expect(await axeViolations(view.container)).toEqual([]);
  });

  it('hostile surfaces end as a visible error of their own part; the answer around them and the other surfaces stay', async () => {
    const deep = Array.from({ length: 60 }, (_, index) => ({ id: index === 0 ? 'root' : `n${index}`, component: 'Column', children: [`n${index + 1}`] }));
    const turn: AgentEvent[] = [
      text('Three surfaces.'),
      add({ version: v, createSurface: { surfaceId: 'unknown', catalogId } }),
      add({ version: v, updateComponents: { surfaceId: 'unknown', components: [{ id: 'root', component: 'Iframe', src: 'https://evil.example' }] } }),
      add({ version: v, createSurface: { surfaceId: 'deep', catalogId } }),
      add({ version: v, updateComponents: { surfaceId: 'deep', components: deep } }),
      add({ beginRendering: { surfaceId: 'old', root: 'root' } }),
      add({ version: v, createSurface: { surfaceId: 'fine', catalogId } }),
      add({ version: v, updateComponents: { surfaceId: 'fine', components: [{ id: 'root', component: 'Text', text: 'Still here' }] } }),
      { type: 'turn-end', finishReason: 'stop' },
    ];
    const chat = createAgentChat({ transport: scriptedTransport([turn]) });
    const view = mountList(chat);
    await chat.send('go');
    await until(() => expect(view.container.querySelectorAll('.acu-a2ui[data-state="error"]')).toHaveLength(3));
    const codes = [...view.container.querySelectorAll('.acu-a2ui[data-state="error"]')].map((node) => node.getAttribute('data-code'));
    expect(codes).toEqual(['unknown-component', 'too-deep', 'unknown-version']);
    expect(view.container.querySelector('[data-code="unknown-component"]')?.textContent).toContain('"Iframe"');
    expect(view.container.querySelector('[data-surface-id="fine"]')?.textContent).toContain('Still here');
    expect(view.container.textContent).toContain('Three surfaces.');
    expect(view.container.querySelector('iframe')).toBeNull();
    expect(chat.getState().status).toBe('ready');
  });

  it('the app owns the catalog: its components, registered by name, draw beside the basic ones', async () => {
    // What an app writes: an @a2ui/react implementation of its own component (here without the binder: it reads its props).
    // zod/v3 here is zod 4's (nested beside the MCP SDK), web_core's the root zod 3: one API, two declarations.
    const schema = z.object({ stars: z.number() }) as unknown as ComponentApi['schema'];
    const Rating = createBinderlessComponentImplementation({ name: 'Rating', schema }, ({ context }) => (
      <span className="app-rating" role="img" aria-label={`${String(context.componentModel.properties.stars)} stars`}>
        {'★'.repeat(Number(context.componentModel.properties.stars))}
      </span>
    ));
    const turn: AgentEvent[] = [
      add({ version: v, createSurface: { surfaceId: 'review', catalogId } }),
      add({ version: v, updateComponents: { surfaceId: 'review', components: [{ id: 'root', component: 'Column', children: ['label', 'stars'] }, { id: 'label', component: 'Text', text: 'Your rating' }, { id: 'stars', component: 'Rating', stars: 4 }] } }),
      { type: 'turn-end', finishReason: 'stop' },
    ];
    const chat = createAgentChat({ transport: scriptedTransport([turn, turn]) });
    const view = mount(<MessageList chat={chat} renderPart={a2ui({ components: { Rating } })} />);
    mounted.push(view.unmount);
    await chat.send('rate it');
    await until(() => expect(view.container.querySelector('.app-rating')?.getAttribute('aria-label')).toBe('4 stars'));
    expect(view.container.querySelector('[data-surface-id="review"]')?.textContent).toContain('Your rating');
    // Without it, the same surface names the component the catalog lacks.
    const other = mount(<MessageList chat={chat} renderPart={a2ui()} />);
    mounted.push(other.unmount);
    await until(() => expect(other.container.querySelector('[data-code="unknown-component"]')?.textContent).toContain('"Rating"'));
  });
});
