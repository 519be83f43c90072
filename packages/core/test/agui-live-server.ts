/**
 * A real HTTP server (node:http) speaking AG-UI 1.0 for live interop tests: every event is a typed
 * `@ag-ui/core` event object, checked against the real `EventSchemas` and written with the real
 * `EventEncoder` from `@ag-ui/encoder`. Every request body is checked against the real
 * `RunAgentInputSchema` (400 with the issues when it does not parse). Offline and deterministic:
 * the "agent" is a script keyed on the last user message text.
 *
 *   const server = await startAguiLiveServer();
 *   aguiTransport({ url: server.url });
 *   ...
 *   await server.close();
 *
 * Threads: the server keeps, per threadId, the messages it produced (ids it minted) and the
 * interrupts a run left open. Like @ag-ui/client, a run on a thread with open interrupts must
 * address every one of them by id in `resume`, else it ends in RUN_ERROR `UNADDRESSED_INTERRUPT`.
 *
 * Scripts (last user message text; a run whose `resume` resolves the open interrupt is a resume):
 *   (anything) -> TEXT_MESSAGE_START/CONTENT×3/END "Hello, world!" (the reply to "again" says how
 *                 many user messages the run received: "Seen 2 user messages.")
 *   think      -> REASONING_* "Let me think.", STEP_STARTED, CUSTOM, RAW, ACTIVITY_SNAPSHOT,
 *                 STEP_FINISHED, an unknown event type, then TEXT_MESSAGE_CHUNKs "Thought done."
 *   weather    -> text, TOOL_CALL_START/ARGS×3/END getWeather + TOOL_CALL_RESULT (JSON), a second
 *                 call made of TOOL_CALL_CHUNKs + a plain-text result, then a second text message.
 *   state      -> STATE_SNAPSHOT, two STATE_DELTAs, a failing STATE_DELTA (its `test` op fails),
 *                 STATE_SNAPSHOT (the resync), one more STATE_DELTA, then text.
 *   surface    -> an A2UI surface as the A2UI middleware sends it: an `a2ui-surface` ACTIVITY_SNAPSHOT (createSurface,
 *                 updateComponents), ACTIVITY_DELTAs appending an updateDataModel and changing a component in place,
 *                 a failing delta (its `test` op fails), an appending delta of a surface of an earlier run, then text.
 *   email      -> text + a sendEmail tool call, then RUN_FINISHED outcome interrupt (tool approval).
 *   (resume)   -> TOOL_CALL_RESULT for the approved call + "Email sent (answer: <payload>)."
 *                 A cancelled resume entry instead gives "Not sent." (and a new prompt its own script).
 *   fail       -> a text delta, then RUN_ERROR {message: 'model exploded', code: 'MODEL_ERROR'}.
 *   cancel     -> a text message, then RUN_FINISHED outcome cancelled.
 *   cut        -> a text delta, then the body ends (no RUN_FINISHED).
 *   snapshot   -> text "Draft", then MESSAGES_SNAPSHOT: the input messages, the draft as "Final
 *                 answer." and one more assistant message "Also this."
 *   long       -> `word<i> ` deltas, 200 of them, `tokenDelayMs` apart, until the client goes away.
 *   clock      -> a call of the client-side tool `localTime` (which the request must declare in `tools`, else
 *                 RUN_ERROR NO_CLIENT_TOOL) with no result; a run whose last message is the `tool` answer
 *                 replies "Your local time is <answer>." ("clock forever" calls the tool again every run).
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage, ServerResponse } from 'node:http';
import { EventType, type AGUIEvent, type Interrupt, type Message as AguiMessage, type RunAgentInput } from '@ag-ui/core';
import { EventSchemas, RunAgentInputSchema } from '@ag-ui/core/schemas';
import { EventEncoder } from '@ag-ui/encoder';
import { createSleeper, listenOnLoopback, readJsonBody, sendJson } from './http-test-server.js';

export interface RecordedRequest {
  method: string;
  path: string;
  headers: IncomingHttpHeaders;
  /** The parsed JSON body (undefined when it was not JSON). */
  body: any;
}

export interface AguiRun {
  threadId: string;
  runId: string;
  script: string;
  /** Text deltas written. */
  deltas: number;
  /** The client went away before the run ended. */
  clientGone: boolean;
  /** The run's script is over (completed, or cut short by the client going away). */
  done: boolean;
}

export interface AguiThread {
  /** Messages the server produced on this thread, with the ids it minted. */
  produced: AguiMessage[];
  /** Interrupts the last run left open. */
  openInterrupts: Interrupt[];
}

export interface AguiLiveServer {
  url: string;
  requests: RecordedRequest[];
  runs: AguiRun[];
  threads: Map<string, AguiThread>;
  close(): Promise<void>;
}

export interface AguiLiveServerOptions {
  /** Delay between the "long" script's deltas (default 15 ms). */
  tokenDelayMs?: number;
  /** Delay between events of the other scripts (default 2 ms), so they arrive as separate reads. */
  writeDelayMs?: number;
}

function textOf(message: AguiMessage | undefined): string {
  if (!message || !('content' in message)) return '';
  const content = message.content;
  if (typeof content === 'string') return content;
  if (!Array.isArray(content)) return '';
  return content.map((part) => ('type' in part && part.type === 'text' ? part.text : '')).join('');
}

export async function startAguiLiveServer(options: AguiLiveServerOptions = {}): Promise<AguiLiveServer> {
  const tokenDelayMs = options.tokenDelayMs ?? 15;
  const writeDelayMs = options.writeDelayMs ?? 2;
  const requests: RecordedRequest[] = [];
  const runs: AguiRun[] = [];
  const threads = new Map<string, AguiThread>();
  const sleeper = createSleeper();
  const wait = (ms: number) => sleeper.sleep(ms);

  async function run(req: IncomingMessage, res: ServerResponse, input: RunAgentInput): Promise<void> {
    const { threadId, runId } = input;
    const thread = threads.get(threadId) ?? { produced: [], openInterrupts: [] };
    threads.set(threadId, thread);
    const lastUser = [...input.messages].reverse().find((message) => message.role === 'user');
    const prompt = textOf(lastUser).trim().toLowerCase();
    const resume = input.resume ?? [];
    const unaddressed = thread.openInterrupts.filter((interrupt) => !resume.some((entry) => entry.interruptId === interrupt.id));
    const approved = thread.openInterrupts.length > 0 && unaddressed.length === 0;
    const script = unaddressed.length > 0 ? 'unaddressed' : approved && resume.some((entry) => entry.status === 'resolved') ? 'resume' : approved && prompt === 'email' ? 'declined' : prompt;

    const record: AguiRun = { threadId, runId, script, deltas: 0, clientGone: false, done: false };
    runs.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.clientGone = true;
    });

    const encoder = new EventEncoder({ accept: req.headers.accept ?? '' });
    res.writeHead(200, { 'Content-Type': encoder.getContentType(), 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
    res.flushHeaders();

    const live = () => !sleeper.closed && !res.destroyed && !res.writableEnded;
    const send = async (event: AGUIEvent, delay = writeDelayMs) => {
      EventSchemas.parse(event); // the script itself must be valid AG-UI 1.0
      if (!live()) return;
      res.write(encoder.encodeSSE({ ...event, timestamp: Date.now() }));
      if (delay > 0) await wait(delay);
    };
    /** Writes an event no schema knows (a future protocol's), as a producer ahead of us would. */
    const sendUnknown = (value: Record<string, unknown>) => {
      if (live()) res.write(`data: ${JSON.stringify(value)}\n\n`);
    };
    const newId = (prefix: string) => `${prefix}-${randomUUID()}`;
    const text = async (messageId: string, deltas: string[], end = true) => {
      await send({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' });
      for (const delta of deltas) {
        await send({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta });
        record.deltas++;
      }
      if (end) await send({ type: EventType.TEXT_MESSAGE_END, messageId });
      thread.produced.push({ id: messageId, role: 'assistant', content: deltas.join('') });
    };
    const toolCall = async (toolCallId: string, toolCallName: string, parentMessageId: string, args: string[]) => {
      await send({ type: EventType.TOOL_CALL_START, toolCallId, toolCallName, parentMessageId });
      for (const delta of args) await send({ type: EventType.TOOL_CALL_ARGS, toolCallId, delta });
      await send({ type: EventType.TOOL_CALL_END, toolCallId });
    };
    const finished = (outcome?: { type: 'success' } | { type: 'cancelled' } | { type: 'interrupt'; interrupts: Interrupt[] }) =>
      send({ type: EventType.RUN_FINISHED, threadId, runId, ...(outcome ? { outcome } : {}) });

    await send({ type: EventType.RUN_STARTED, threadId, runId, protocolVersion: '1.0', input });
    if (script !== 'unaddressed') thread.openInterrupts = [];

    switch (script) {
      case 'unaddressed':
        await send({
          type: EventType.RUN_ERROR,
          message: `Thread has pending interrupt(s) not addressed by resume: ${unaddressed.map((interrupt) => interrupt.id).join(', ')}`,
          code: 'UNADDRESSED_INTERRUPT',
        });
        break;
      case 'think': {
        const reasoningId = newId('reasoning');
        await send({ type: EventType.REASONING_START, messageId: reasoningId });
        await send({ type: EventType.REASONING_MESSAGE_START, messageId: reasoningId, role: 'reasoning' });
        await send({ type: EventType.REASONING_MESSAGE_CONTENT, messageId: reasoningId, delta: 'Let me think.' });
        await send({ type: EventType.REASONING_MESSAGE_END, messageId: reasoningId });
        await send({ type: EventType.REASONING_END, messageId: reasoningId });
        await send({ type: EventType.STEP_STARTED, stepName: 'plan' });
        await send({ type: EventType.CUSTOM, name: 'progress', value: { percent: 50 } });
        await send({ type: EventType.RAW, event: { provider: 'scripted', kind: 'debug' }, source: 'scripted-model' });
        await send({ type: EventType.ACTIVITY_SNAPSHOT, messageId: newId('activity'), activityType: 'plan', content: { steps: ['think', 'answer'] } });
        await send({ type: EventType.STEP_FINISHED, stepName: 'plan' });
        sendUnknown({ type: 'FUTURE_EVENT', payload: { x: 1 } });
        const messageId = newId('msg');
        await send({ type: EventType.TEXT_MESSAGE_CHUNK, messageId, role: 'assistant', delta: 'Thought ' });
        await send({ type: EventType.TEXT_MESSAGE_CHUNK, delta: 'done.' });
        record.deltas += 2;
        thread.produced.push({ id: messageId, role: 'assistant', content: 'Thought done.' });
        await finished({ type: 'success' });
        break;
      }
      case 'weather': {
        const first = newId('msg');
        await text(first, ['Let me check.']);
        await toolCall('call-weather', 'getWeather', first, ['{"ci', 'ty": "Pa', 'ris"}']);
        await send({ type: EventType.TOOL_CALL_RESULT, messageId: newId('tool'), toolCallId: 'call-weather', content: '{"tempC":21,"sky":"sunny"}', role: 'tool' });
        await send({ type: EventType.TOOL_CALL_CHUNK, toolCallId: 'call-time', toolCallName: 'getTime', parentMessageId: first, delta: '{"tz":' });
        await send({ type: EventType.TOOL_CALL_CHUNK, delta: '"CET"}' });
        await send({ type: EventType.TOOL_CALL_RESULT, messageId: newId('tool'), toolCallId: 'call-time', content: '14:00' });
        await text(newId('msg'), ['It is 21°C and sunny in Paris', ' at 14:00.']);
        await finished();
        break;
      }
      case 'state': {
        await send({ type: EventType.STATE_SNAPSHOT, snapshot: { count: 0, items: [] } });
        await send({ type: EventType.STATE_DELTA, delta: [{ op: 'replace', path: '/count', value: 1 }] });
        await send({ type: EventType.STATE_DELTA, delta: [{ op: 'add', path: '/items/-', value: 'a' }] });
        // Atomic or nothing: the replace must not survive the failing test.
        await send({ type: EventType.STATE_DELTA, delta: [{ op: 'replace', path: '/count', value: 2 }, { op: 'test', path: '/count', value: 99 }] });
        await send({ type: EventType.STATE_SNAPSHOT, snapshot: { count: 5, items: ['a', 'b'] } });
        await send({ type: EventType.STATE_DELTA, delta: [{ op: 'replace', path: '/count', value: 6 }] });
        await text(newId('msg'), ['State updated.']);
        await finished({ type: 'success' });
        break;
      }
      case 'surface': {
        const messageId = 'a2ui-surface-booking';
        const activityType = 'a2ui-surface';
        const a2ui = (message: Record<string, unknown>) => ({ version: 'v0.9', ...message });
        const components = [{ id: 'root', component: 'Text', text: { path: '/title' } }];
        await send({ type: EventType.ACTIVITY_SNAPSHOT, messageId, activityType, content: { a2ui_operations: [
          a2ui({ createSurface: { surfaceId: 'booking', catalogId: 'https://a2ui.org/specification/v0_9/basic_catalog.json' } }),
          a2ui({ updateComponents: { surfaceId: 'booking', components } }),
        ] } });
        await send({ type: EventType.ACTIVITY_DELTA, messageId, activityType, patch: [
          { op: 'add', path: '/a2ui_operations/-', value: a2ui({ updateDataModel: { surfaceId: 'booking', path: '/title', value: 'Book a table' } }) },
        ] });
        await send({ type: EventType.ACTIVITY_DELTA, messageId, activityType, patch: [
          { op: 'replace', path: '/a2ui_operations/1/updateComponents/components/0/text', value: 'Table booked' },
        ] });
        await send({ type: EventType.ACTIVITY_DELTA, messageId, activityType, patch: [
          { op: 'add', path: '/a2ui_operations/-', value: a2ui({ deleteSurface: { surfaceId: 'booking' } }) },
          { op: 'test', path: '/a2ui_operations/0/version', value: 'v0.8' },
        ] });
        await send({ type: EventType.ACTIVITY_DELTA, messageId: 'a2ui-surface-earlier', activityType, patch: [
          { op: 'add', path: '/a2ui_operations/-', value: a2ui({ updateDataModel: { surfaceId: 'earlier', path: '/done', value: true } }) },
        ] });
        await text(newId('msg'), ['Surface drawn.']);
        await finished({ type: 'success' });
        break;
      }
      case 'email': {
        const messageId = newId('msg');
        await text(messageId, ['I will email Bob.']);
        await toolCall('call-email', 'sendEmail', messageId, ['{"to":"bob@example.com",', '"subject":"Hi"}']);
        const interrupt: Interrupt = {
          id: newId('int'),
          reason: 'tool_approval',
          message: 'Send the email to Bob?',
          toolCallId: 'call-email',
          responseSchema: { type: 'string' },
        };
        thread.openInterrupts = [interrupt];
        await finished({ type: 'interrupt', interrupts: [interrupt] });
        break;
      }
      case 'resume': {
        const answer = resume.find((entry) => entry.status === 'resolved')?.payload;
        await send({ type: EventType.TOOL_CALL_RESULT, messageId: newId('tool'), toolCallId: 'call-email', content: '{"sent":true}' });
        await text(newId('msg'), [`Email sent (answer: ${JSON.stringify(answer)}).`]);
        await finished({ type: 'success' });
        break;
      }
      case 'declined':
        await text(newId('msg'), ['Not sent.']);
        await finished({ type: 'success' });
        break;
      case 'fail':
        await text(newId('msg'), ['Working on it'], false);
        await send({ type: EventType.RUN_ERROR, message: 'model exploded', code: 'MODEL_ERROR' });
        break;
      case 'cancel':
        await text(newId('msg'), ['Stopping here.']);
        await finished({ type: 'cancelled' });
        break;
      case 'cut':
        await text(newId('msg'), ['Partial'], false);
        break;
      case 'snapshot': {
        const draft = newId('msg');
        await text(draft, ['Draft']);
        const extra: AguiMessage = { id: newId('msg'), role: 'assistant', content: 'Also this.' };
        await send({
          type: EventType.MESSAGES_SNAPSHOT,
          messages: [...input.messages, { id: draft, role: 'assistant', content: 'Final answer.' }, extra],
        });
        thread.produced.push(extra);
        await finished();
        break;
      }
      case 'clock':
      case 'clock forever': {
        const last = input.messages.at(-1);
        if (!input.tools.some((tool) => tool.name === 'localTime')) {
          await send({ type: EventType.RUN_ERROR, message: 'The client declares no localTime tool.', code: 'NO_CLIENT_TOOL' });
        } else if (script === 'clock' && last?.role === 'tool') {
          await text(newId('msg'), ['Your local time is ', `${last.content}.`]);
          await finished({ type: 'success' });
        } else {
          const messageId = newId('msg');
          await toolCall(newId('call'), 'localTime', messageId, ['{"zone":', '"UTC"}']);
          await finished({ type: 'success' });
        }
        break;
      }
      case 'long': {
        const messageId = newId('msg');
        await send({ type: EventType.TEXT_MESSAGE_START, messageId, role: 'assistant' });
        for (let index = 0; index < 200 && live(); index++) {
          await send({ type: EventType.TEXT_MESSAGE_CONTENT, messageId, delta: `word${index} ` }, 0);
          record.deltas++;
          await wait(tokenDelayMs);
        }
        if (live()) {
          await send({ type: EventType.TEXT_MESSAGE_END, messageId });
          await finished();
        }
        break;
      }
      default: {
        const userCount = input.messages.filter((message) => message.role === 'user').length;
        await text(newId('msg'), prompt === 'again' ? [`Seen ${userCount}`, ' user messages.'] : ['Hello', ', ', 'world!']);
        await finished({ type: 'success' });
        break;
      }
    }
    record.done = true;
    if (!res.destroyed && !res.writableEnded) res.end();
  }

  const http = await listenOnLoopback((req, res) => {
    void (async () => {
      const path = new URL(req.url ?? '/', 'http://localhost').pathname;
      const body: unknown = await readJsonBody(req);
      requests.push({ method: req.method ?? '', path, headers: req.headers, body });
      if (req.method !== 'POST' || path !== '/agent') {
        sendJson(res, 404, { error: { message: 'Not Found' } });
        return;
      }
      const parsed = RunAgentInputSchema.safeParse(body);
      if (!parsed.success) {
        sendJson(res, 400, { error: { message: 'Invalid RunAgentInput', code: 'INVALID_INPUT', issues: parsed.error.issues } });
        return;
      }
      if (sleeper.closed) {
        sendJson(res, 503, { error: { message: 'Shutting down' } });
        return;
      }
      await run(req, res, parsed.data as RunAgentInput);
    })().catch((error: unknown) => {
      if (!res.headersSent) sendJson(res, 500, { error: { message: String(error) } });
      else res.destroy();
    });
  }, {
    onClose() {
      sleeper.close();
    },
  });

  return {
    url: `${http.baseUrl}/agent`,
    requests,
    runs,
    threads,
    close: () => http.close(),
  };
}
