/**
 * A real Genkit agent server (genkit/beta + @genkit-ai/express, both 1.42.0)
 * for live interop tests. Fully offline: the only model is a scripted fake.
 *
 *   const server = await startGenkitLiveServer();
 *   fetch(server.agentUrl('chatAgent'), { method: 'POST', headers: {
 *     'content-type': 'application/json', accept: 'text/event-stream' },
 *     body: JSON.stringify({ data: { message }, init: {} }) });
 *   ...
 *   await server.close();
 *
 * Agents (each at `/<name>`, plus `/<name>/getSnapshot` and `/<name>/abort`,
 * the URLs genkit's own `remoteAgent` client derives from the agent URL):
 *   - chatAgent   ai.defineAgent + InMemorySessionStore (server-managed)
 *   - clientAgent ai.defineAgent, no store (client-managed; result has `state`)
 *   - customAgent ai.defineCustomAgent emitting every chunk kind
 *   - taskAgent   ai.defineCustomAgent with custom state + named/unnamed artifacts
 *
 * Scripted model prompts (matched on the last user message):
 *   ordinary  -> streams "Hello", ", ", "world!"
 *   interrupt -> requests the `askUser` interrupt (ref r1, {question:"Proceed?"})
 *   (resume)  -> when the last message is the askUser toolResponse: `Got "<output>".`
 *   clock     -> requests the `localTime` interrupt (a client-side tool, {zone:"UTC"}, ref t<n>);
 *                resumed with its answer: `Your local time is <output>.` ("clock forever" asks again)
 *   boom      -> throws Error("model exploded")
 *   long      -> 200 tokens `word<i> ` with `tokenDelayMs` between. Stops early
 *                when the model's `abortSignal` fires (genkit passes the agent's
 *                internal signal, which only fires when `/<name>/abort` hits a
 *                *detached* turn's pending snapshot; a client disconnect does
 *                not abort) or when the server is closed.
 */
import { createRequire } from 'node:module';
import express from 'express';
import type { RequestHandler } from 'express';
import { listenOnLoopback } from './http-test-server.js';
import type {
  GenerateRequest,
  GenerateResponseData,
  MessageData,
  Part,
} from 'genkit/beta';

// genkit/beta AND @genkit-ai/express are both loaded through their CommonJS
// entries, on purpose. @genkit-ai/express@1.42.0's package.json lists its
// export conditions as {require, default, import}; Node picks the first match,
// so even an ESM `import` of it gets the CJS build (lib/index.js), whose
// `getHttpStatus`/`getCallableJSON` (from CJS genkit/context) test errors with
// `instanceof GenkitError` against the CJS class. If the agents came from the
// ESM genkit/beta, their GenkitErrors would be instances of the *ESM* class
// and every error would degrade to HTTP 500 / {"status":"INTERNAL",
// "message":"Internal Error"} (e.g. getSnapshot NOT_FOUND -> 500, the
// FAILED_PRECONDITION init-misuse errors -> INTERNAL). One module system for
// both keeps the real statuses (404 NOT_FOUND etc.).
const require = createRequire(import.meta.url);
const { genkit, InMemorySessionStore, z } =
  require('genkit/beta') as typeof import('genkit/beta');
const { expressHandler } = require('@genkit-ai/express') as {
  expressHandler: (action: unknown) => RequestHandler;
};

export interface GenkitLiveServer {
  baseUrl: string;
  agentUrl(name: string): string;
  close(): Promise<void>;
  requests: Array<{ path: string; body: unknown }>;
}

export interface GenkitLiveServerOptions {
  /** Delay between tokens of the "long" prompt (default 20 ms). */
  tokenDelayMs?: number;
}

interface TaskState {
  tasks: Array<{ id: number; title: string; done: boolean }>;
  nextId: number;
}

type CustomState = Record<string, unknown>;

function textOf(message: MessageData | undefined): string {
  return (message?.content ?? []).map((p: Part) => p.text ?? '').join('');
}

function lastUserText(messages: MessageData[]): string {
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role === 'user') return textOf(messages[i]);
  }
  return '';
}

function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    if (signal.aborted) return resolve();
    const onAbort = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

export async function startGenkitLiveServer(
  options: GenkitLiveServerOptions = {}
): Promise<GenkitLiveServer> {
  const tokenDelayMs = options.tokenDelayMs ?? 20;
  // Aborted by close() so no scripted "long" turn outlives the server.
  const closing = new AbortController();
  const ai = genkit({});

  const askUser = ai.defineInterrupt({
    name: 'askUser',
    description: 'Ask the user a yes/no question.',
    inputSchema: z.object({ question: z.string() }),
    outputSchema: z.any(),
  });

  const localTime = ai.defineInterrupt({
    name: 'localTime',
    description: "The user's local time, read in the browser.",
    inputSchema: z.object({ zone: z.string() }),
    outputSchema: z.any(),
  });

  const scripted = ai.defineModel(
    {
      apiVersion: 'v2',
      name: 'scripted',
      supports: { multiturn: true, tools: true },
    },
    async (
      request: GenerateRequest,
      { sendChunk, abortSignal }
    ): Promise<GenerateResponseData> => {
      const messages = request.messages;
      const last = messages[messages.length - 1];

      // Resume: the askUser toolResponse is the newest message.
      const resumed = last?.role === 'tool'
        ? last.content.find((p) => p.toolResponse?.name === 'askUser')
        : undefined;
      if (resumed?.toolResponse) {
        const out = resumed.toolResponse.output;
        const text = `Got "${typeof out === 'string' ? out : JSON.stringify(out)}".`;
        sendChunk({ content: [{ text }] });
        return {
          message: { role: 'model', content: [{ text }] },
          finishReason: 'stop',
        };
      }

      const prompt = lastUserText(messages);
      const clockAnswer = last?.role === 'tool' ? last.content.find((p) => p.toolResponse?.name === 'localTime') : undefined;
      if (clockAnswer?.toolResponse && !prompt.includes('forever')) {
        const text = `Your local time is ${String(clockAnswer.toolResponse.output)}.`;
        sendChunk({ content: [{ text }] });
        return { message: { role: 'model', content: [{ text }] }, finishReason: 'stop' };
      }
      if (prompt.includes('clock')) {
        return {
          message: { role: 'model', content: [{ toolRequest: { name: 'localTime', ref: `t${messages.length}`, input: { zone: 'UTC' } } }] },
          finishReason: 'stop',
        };
      }
      if (prompt.includes('boom')) {
        throw new Error('model exploded');
      }
      if (prompt.includes('interrupt')) {
        return {
          message: {
            role: 'model',
            content: [
              {
                toolRequest: {
                  name: 'askUser',
                  ref: 'r1',
                  input: { question: 'Proceed?' },
                },
              },
            ],
          },
          finishReason: 'stop',
        };
      }
      if (prompt.includes('long')) {
        const signal = AbortSignal.any([abortSignal, closing.signal]);
        let text = '';
        for (let i = 0; i < 200; i++) {
          if (signal.aborted) break;
          const token = `word${i} `;
          text += token;
          sendChunk({ content: [{ text: token }] });
          await sleep(tokenDelayMs, signal);
        }
        if (signal.aborted) {
          const err = new Error('aborted');
          err.name = 'AbortError';
          throw err;
        }
        return {
          message: { role: 'model', content: [{ text }] },
          finishReason: 'stop',
        };
      }
      const tokens = ['Hello', ', ', 'world!'];
      for (const token of tokens) {
        sendChunk({ content: [{ text: token }] });
      }
      return {
        message: { role: 'model', content: [{ text: tokens.join('') }] },
        finishReason: 'stop',
      };
    }
  );

  const chatAgent = ai.defineAgent({
    name: 'chatAgent',
    model: scripted,
    tools: [askUser, localTime],
    store: new InMemorySessionStore(),
  });

  const clientAgent = ai.defineAgent({
    name: 'clientAgent',
    model: scripted,
    tools: [askUser, localTime],
  });

  // "A custom agent that emits every chunk kind": two model chunks, a custom
  // state change (streams a customPatch), an artifact chunk, then turnEnd.
  const customAgent = ai.defineCustomAgent<CustomState>(
    { name: 'customAgent', store: new InMemorySessionStore<CustomState>() },
    async (sess, { sendChunk }) => {
      const reply: MessageData = { role: 'model', content: [{ text: 'Hello!' }] };
      await sess.run(async () => {
        sendChunk({ modelChunk: { role: 'model', content: [{ text: 'Hel' }] } });
        sendChunk({ modelChunk: { role: 'model', content: [{ text: 'lo!' }] } });
        sess.updateCustom((cur) => ({ ...(cur ?? {}), status: 'thinking' }));
        sendChunk({ artifact: { name: 'draft', parts: [] } });
        sess.addMessages([reply]);
        return { finishReason: 'stop' };
      });
      return { message: reply, finishReason: 'stop' };
    }
  );

  // Task list agent: custom state `{tasks, nextId}`, one task per turn (title =
  // user text), a named artifact `report.md` that replaces itself each turn,
  // and an unnamed artifact appended each turn.
  const taskAgent = ai.defineCustomAgent<TaskState>(
    { name: 'taskAgent', store: new InMemorySessionStore<TaskState>() },
    async (sess, { sendChunk }) => {
      let reply: MessageData | undefined;
      await sess.run(async (input) => {
        const title = textOf(input.message);
        let added = 0;
        sess.updateCustom((cur) => {
          const base = cur ?? { tasks: [], nextId: 1 };
          added = base.nextId;
          return {
            tasks: [...base.tasks, { id: base.nextId, title, done: false }],
            nextId: base.nextId + 1,
          };
        });
        const text = `Added task #${added}: ${title}`;
        sendChunk({ modelChunk: { role: 'model', content: [{ text }] } });
        const tasks = sess.getCustom()?.tasks ?? [];
        const report = [
          '# Tasks',
          ...tasks.map((t) => `- [${t.done ? 'x' : ' '}] #${t.id} ${t.title}`),
        ].join('\n');
        sess.addArtifacts([
          { name: 'report.md', parts: [{ text: report }] },
          { parts: [{ text: `turn note: ${title}` }] },
        ]);
        reply = { role: 'model', content: [{ text }] };
        sess.addMessages([reply]);
        return { finishReason: 'stop' };
      });
      return {
        ...(reply && { message: reply }),
        artifacts: sess.getArtifacts(),
        finishReason: 'stop',
      };
    }
  );

  const requests: GenkitLiveServer['requests'] = [];
  const app = express();
  app.use(express.json({ limit: '10mb' }));
  app.use((req, res, next) => {
    requests.push({ path: req.path, body: req.body as unknown });
    // genkit 1.42 can write to a response after ending it (e.g. `detach:true`
    // sent to the store-less clientAgent: the FAILED_PRECONDITION error frame
    // ends the response, then the still-running turn streams chunks into it).
    // Unhandled, that ERR_STREAM_WRITE_AFTER_END 'error' event would crash
    // the whole process (and the test worker with it).
    res.on('error', () => {});
    next();
  });
  for (const agent of [chatAgent, clientAgent, customAgent, taskAgent]) {
    const name = agent.__action.name;
    app.post(`/${name}`, expressHandler(agent));
    app.post(`/${name}/getSnapshot`, expressHandler(agent.getSnapshotDataAction));
    app.post(`/${name}/abort`, expressHandler(agent.abortAgentAction));
  }

  const http = await listenOnLoopback(app, { unref: true });
  const { baseUrl } = http;

  return {
    baseUrl,
    requests,
    agentUrl: (name: string) => `${baseUrl}/${name}`,
    close() {
      closing.abort();
      return http.close();
    },
  };
}
