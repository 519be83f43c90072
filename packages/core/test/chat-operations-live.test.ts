/**
 * regenerate / edit / retry on each of the five protocols against their live test servers: what each request carries
 * (the history or snapshot up to the point the turn runs from), and a turn that fails after a successful one showing
 * its own partial text.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat, textOf, type AgentChat, type ChatMessage } from '../src/index.js';
import { agentFlowTransport, aguiTransport, aiSdkTransport, genkitTransport, tnsaiTransport } from '../src/index.js';
import { startAgentFlowLiveServer, type AgentFlowLiveServer } from './agentflow-live-server.js';
import { startAguiLiveServer, type AguiLiveServer } from './agui-live-server.js';
import { startAiSdkLiveServer, type AiSdkLiveServer } from './ai-sdk-live-server.js';
import { startGenkitLiveServer, type GenkitLiveServer } from './genkit-live-server.js';
import { startTnsaiLiveServer, type TnsaiLiveServer } from './tnsai-live-server.js';
import { versionTree } from '../src/index.js';

let genkit: GenkitLiveServer;
let agui: AguiLiveServer;
let aiSdk: AiSdkLiveServer;
let agentFlow: AgentFlowLiveServer;
let tnsai: TnsaiLiveServer;
beforeAll(async () => {
  [genkit, agui, aiSdk, agentFlow, tnsai] = await Promise.all([
    startGenkitLiveServer({ tokenDelayMs: 1 }), startAguiLiveServer(), startAiSdkLiveServer(), startAgentFlowLiveServer(), startTnsaiLiveServer(),
  ]);
});
afterAll(() => Promise.all([genkit, agui, aiSdk, agentFlow, tnsai].map((server) => server?.close())));

const texts = (messages: readonly ChatMessage[]) => messages.map((message) => `${message.role}:${textOf(message.content)}`);
const lastBody = (requests: Array<{ body: any }>) => requests[requests.length - 1]!.body;

/** A turn that fails after a successful one: the failed row is the turn's own partial text, never the earlier answer. */
async function expectOwnPartial(chat: AgentChat, failing: string, partial: string) {
  await chat.send('hi');
  const earlier = texts(chat.getState().messages);
  const failed = await chat.send(failing);
  expect(failed.finishReason).toBe('failed');
  const { messages } = chat.getState();
  expect(texts(messages).slice(0, earlier.length)).toEqual(earlier);
  const rows = messages.slice(earlier.length);
  expect(rows[0]).toMatchObject({ role: 'user', content: [{ text: failing }] });
  // Nothing streamed: no model row at all (not the earlier answer).
  expect(rows.slice(1).map((row) => [row.role, row.status, textOf(row.content)])).toEqual(partial ? [['model', 'failed', partial]] : []);
  expect(chat.getState().status).toBe('error');
}

describe('Genkit (server-managed and client-managed)', () => {
  const chatOn = (agent: string, extra: object = {}) => createAgentChat({ features: [versionTree()], transport: genkitTransport({ url: genkit.agentUrl(agent) }), ...extra });
  const bodiesOf = (agent: string) => genkit.requests.filter((request) => request.path === `/${agent}`).map((request) => request.body as any);

  it('server-managed: regenerate and edit fork from the snapshot before the turn (init.snapshotId)', async () => {
    const chat = chatOn('chatAgent');
    const first = await chat.send('hi there');
    await chat.send('again');
    await chat.regenerate();
    expect(bodiesOf('chatAgent').at(-1)).toEqual({ data: { message: { role: 'user', content: [{ text: 'again' }] } }, init: { snapshotId: first.snapshotId } });
    await chat.edit(chat.getState().messages[2]!.id, 'edited');
    expect(bodiesOf('chatAgent').at(-1)).toEqual({ data: { message: { role: 'user', content: [{ text: 'edited' }] } }, init: { snapshotId: first.snapshotId } });
    // Editing the first message starts a new session: nothing came before it.
    await chat.edit(chat.getState().messages[0]!.id, 'from the top');
    expect(bodiesOf('chatAgent').at(-1)!.init).toEqual({});
    const stored = await chat.getSnapshot({ snapshotId: chat.getState().snapshotId! });
    expect(stored.state!.messages.map((message) => textOf(message.content))).toEqual(['from the top', 'Hello, world!']);
    expect(chat.getState().messages[0]!.siblings).toEqual({ index: 1, count: 2 });
  });

  it('client-managed: regenerate and edit send the state as it was before the turn', async () => {
    const chat = chatOn('clientAgent', { state: { messages: [], artifacts: [] } });
    const first = await chat.send('hi');
    await chat.send('again');
    await chat.regenerate();
    expect(bodiesOf('clientAgent').at(-1)!.init.state.messages).toEqual(first.state!.messages);
    await chat.edit(chat.getState().messages[0]!.id, 'edited');
    expect(bodiesOf('clientAgent').at(-1)!.init.state.messages).toEqual([]);
    expect(texts(chat.getState().messages)).toEqual(['user:edited', 'model:Hello, world!']);
  });

  it('a failing turn after a good one: no earlier answer in the failed row', async () => {
    await expectOwnPartial(chatOn('chatAgent'), 'boom', '');
  });
});

describe('AG-UI', () => {
  const chatOn = () => createAgentChat({ features: [versionTree()], transport: aguiTransport({ url: agui.url }) });

  it('regenerate and edit send the conversation up to that point (checked by RunAgentInputSchema on the server)', async () => {
    const chat = chatOn();
    await chat.send('hi');
    await chat.send('again');
    expect(textOf(chat.getState().messages[3]!.content)).toBe('Seen 2 user messages.');
    const regenerated = await chat.regenerate();
    expect(regenerated.error).toBeNull();
    expect(regenerated.text).toBe('Seen 2 user messages.');
    expect(lastBody(agui.requests).messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant', 'user']);
    // Edit the first message to "again": the run sees only that one.
    const edited = await chat.edit(chat.getState().messages[0]!.id, 'again');
    expect(edited.text).toBe('Seen 1 user messages.');
    expect(lastBody(agui.requests).messages).toHaveLength(1);
    chat.switchBranch(chat.getState().messages[0]!.id, 0);
    expect(texts(chat.getState().messages)).toEqual(['user:hi', 'model:Hello, world!', 'user:again', 'model:Seen 2 user messages.']);
  });

  it('a failing turn after a good one shows its own partial text', async () => {
    await expectOwnPartial(chatOn(), 'fail', 'Working on it');
  });
});

describe('AI SDK', () => {
  const chatOn = () => createAgentChat({ features: [versionTree()], transport: aiSdkTransport({ url: aiSdk.api }) });

  it("regenerate sends trigger 'regenerate-message' with the replaced answer's id, as Chat.regenerate does; edit sends the edited message's id", async () => {
    const chat = chatOn();
    await chat.send('hi');
    await chat.send('again');
    const answerId = chat.getState().messages[3]!.metadata!.messageId;
    const requestsBefore = aiSdk.requests.length;
    const regenerated = await chat.regenerate();
    expect(regenerated.error).toBeNull(); // the route validated the messages with validateUIMessages + convertToModelMessages
    const body = lastBody(aiSdk.requests);
    expect(aiSdk.requests).toHaveLength(requestsBefore + 1);
    expect(body).toMatchObject({ trigger: 'regenerate-message', messageId: answerId });
    // As Chat.regenerate: the messages end before the regenerated answer, with its user message.
    expect(body.messages.map((message: { role: string }) => message.role)).toEqual(['user', 'assistant', 'user']);
    expect(body.messages.at(-1).parts).toEqual([{ type: 'text', text: 'again' }]);

    const user = chat.getState().messages[2]!;
    await chat.edit(user.id, 'edited');
    const edit = lastBody(aiSdk.requests);
    expect(edit).toMatchObject({ trigger: 'submit-message', messageId: edit.messages.at(-1).id });
    expect(edit.messages.at(-1)).toMatchObject({ role: 'user', parts: [{ type: 'text', text: 'edited' }] });
    expect(edit.messages).toHaveLength(3);
    expect(chat.getState().messages[2]!.siblings).toEqual({ index: 1, count: 2 });
  });

  it('a failing turn after a good one shows its own partial text', async () => {
    await expectOwnPartial(chatOn(), 'boom', 'Partial');
  });
});

describe('AgentFlow', () => {
  const chatOn = (errors: unknown[] = []) => createAgentChat({ features: [versionTree()], transport: agentFlowTransport({ url: agentFlow.baseUrl }), onError: (error) => errors.push(error) });

  it('threads cannot fork: the first turn runs again on a new thread; a later one is refused with unsupported, nothing sent', async () => {
    const errors: unknown[] = [];
    const chat = chatOn(errors);
    await chat.send('hi');
    const thread = chat.getState().sessionId;
    const regenerated = await chat.regenerate();
    expect(regenerated.error).toBeNull();
    const fork = lastBody(agentFlow.requests);
    expect(fork.config?.thread_id).toBeUndefined();
    expect(fork.messages).toEqual([{ role: 'user', content: [{ type: 'text', text: 'hi' }] }].map((message) => expect.objectContaining({ role: message.role })));
    expect(chat.getState().sessionId).not.toBe(thread);
    // Switching back continues the old line's own thread.
    chat.switchBranch(chat.getState().messages[1]!.id, 0);
    expect(chat.getState().sessionId).toBe(thread);
    await chat.send('more');
    expect(lastBody(agentFlow.requests).config.thread_id).toBe(thread);

    const sent = agentFlow.requests.length;
    const refused = await chat.edit(chat.getState().messages[2]!.id, 'edited');
    expect(refused.error).toMatchObject({ code: 'unsupported', message: expect.stringContaining('cannot fork') });
    expect(agentFlow.requests).toHaveLength(sent);
    expect(texts(chat.getState().messages)).toHaveLength(4);
    expect(errors).toHaveLength(1);
  });

  it('a failing turn after a good one shows its own partial text', async () => {
    await expectOwnPartial(chatOn(), 'error', 'Let me check');
  });
});

describe('TnsAI', () => {
  const chatOn = () => createAgentChat({ features: [versionTree()], transport: tnsaiTransport({ url: tnsai.url }) });

  it('regenerate and edit send the history up to that point', async () => {
    const chat = chatOn();
    await chat.send('hi');
    await chat.send('again');
    await chat.regenerate();
    expect(lastBody(tnsai.requests)).toMatchObject({ message: 'again', history: [{ role: 'user', content: 'hi' }, { role: 'assistant', content: 'Hello, world!' }] });
    await chat.edit(chat.getState().messages[0]!.id, 'first');
    expect(lastBody(tnsai.requests)).toMatchObject({ message: 'first', history: [] });
    expect(texts(chat.getState().messages)).toEqual(['user:first', 'model:Hello, world!']);
  });

  it('a failing turn after a good one shows its own partial text', async () => {
    await expectOwnPartial(chatOn(), 'error', 'Par');
  });
});
