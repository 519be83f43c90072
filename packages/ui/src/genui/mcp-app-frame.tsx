// The host side of an MCP App (spec 2026-01-26), loaded at the first app shown: a sandboxed iframe and the official
// app bridge (`@modelcontextprotocol/ext-apps/app-bridge`). What the app asks for goes to the agent through the chat.
import { isToolResponsePart, type AgentResponse } from '@agent-chat/core';
import { mcpAppDocument, readMcpApp, type GenUiError, type McpAppView } from '@agent-chat/core/genui';
import { AppBridge, PostMessageTransport } from '@modelcontextprotocol/ext-apps/app-bridge';
import { useEffect, useRef, useState } from 'react';
import type { AgentChat } from '@agent-chat/core';
import { useToolRegistry, type ToolRenderProps } from '../tools/tool-registry.js';
import { A2uiError as GenUiNotice } from './a2ui-error.js';
import type { McpAppsOptions } from './mcp-app-types.js';
import { isRecord } from '../util/is-record.js';

type CallToolResult = { content: unknown[]; structuredContent?: Record<string, unknown>; isError?: boolean };


/** The text of MCP content blocks (what a user message can carry on every protocol). */
const textOf = (content: unknown): string => (Array.isArray(content) ? content : [])
  .map((block) => (isRecord(block) && block.type === 'text' && typeof block.text === 'string' ? block.text : ''))
  .filter(Boolean).join('\n');

/**
 * An app's `tools/call`, as a turn of the chat: a line the agent reads on every protocol (`[tools/call] name {args}`)
 * and the call itself as a part; the result is the response of a call of that tool in the turn, else its text.
 */
export async function callToolThroughChat(chat: AgentChat, name: string, args: Record<string, unknown>): Promise<CallToolResult> {
  const before = chat.getState().messages.length;
  const response: AgentResponse<unknown> = await chat.send({
    message: { role: 'user', content: [{ text: `[tools/call] ${name} ${JSON.stringify(args)}` }, { custom: { mcpApp: { method: 'tools/call', params: { name, arguments: args } } } }] },
  });
  for (const message of chat.getState().messages.slice(before)) {
    for (const part of message.content) {
      if (!isToolResponsePart(part) || part.toolResponse.name !== name) continue;
      const output = part.toolResponse.output;
      if (isRecord(output) && Array.isArray(output.content)) return output as CallToolResult;
      return { content: [{ type: 'text', text: typeof output === 'string' ? output : JSON.stringify(output) }], ...(isRecord(output) ? { structuredContent: output } : {}) };
    }
  }
  return { content: [{ type: 'text', text: response.text }], ...(response.finishReason === 'failed' ? { isError: true } : {}) };
}

/** At most `limit` calls in any `windowMs`: true when one more is allowed (and counts it). */
function rateLimiter(limit: number, windowMs: number): () => boolean {
  const times: number[] = [];
  return () => {
    const now = Date.now();
    while (times.length > 0 && now - times[0]! >= windowMs) times.shift();
    if (times.length >= limit) return false;
    times.push(now);
    return true;
  };
}

const theme = (): 'light' | 'dark' => (typeof matchMedia === 'function' && matchMedia('(prefers-color-scheme: dark)').matches ? 'dark' : 'light');

/** One app in its frame, connected to the chat while it is shown. */
function McpAppFrame({ view, call, chat, options }: { view: McpAppView; call: ToolRenderProps; chat: AgentChat; options: McpAppsOptions }) {
  const frame = useRef<HTMLIFrameElement>(null);
  const [height, setHeight] = useState(160);
  const [stopped, setStopped] = useState<string | null>(null);
  const latest = useRef(call);
  /** Tells the app what changed in the call since it last heard (set while the bridge is connected). */
  const sync = useRef<(() => void) | undefined>(undefined);
  useEffect(() => {
    latest.current = call;
    sync.current?.();
  });

  useEffect(() => {
    const iframe = frame.current;
    const target = iframe?.contentWindow;
    if (!iframe || !target) return;
    const maxHeight = options.maxHeight ?? 800;
    const allowRequest = rateLimiter(options.maxRequests ?? 10, 10_000);
    const maxPerSecond = options.maxMessagesPerSecond ?? 100;
    let second = 0;
    let count = 0;
    let closed = false;
    const bridge = new AppBridge(null, { name: 'agent-chat-kit', version: '1' }, {
      serverTools: {}, message: { text: {} }, updateModelContext: { text: {} }, logging: {}, sandbox: { csp: view.csp },
    }, { hostContext: { theme: theme(), displayMode: 'inline', availableDisplayModes: ['inline'] } });
    const stop = (reason: string) => {
      if (closed) return;
      closed = true;
      setStopped(reason);
      void bridge.close().catch(() => {});
    };
    // Counted before the bridge parses anything: an app that floods the page with messages is stopped, not served.
    const guard = (event: MessageEvent) => {
      if (event.source !== target) return;
      const now = Math.floor(Date.now() / 1000);
      if (now !== second) {
        second = now;
        count = 0;
      }
      if (++count > maxPerSecond || closed) {
        event.stopImmediatePropagation();
        stop('This app was stopped: it sent too many messages.');
      }
    };
    window.addEventListener('message', guard);
    const limited = <T,>(run: () => Promise<T>): Promise<T> => (allowRequest() ? run() : Promise.reject(new Error('Too many requests from this app; try again later.')));
    bridge.oncalltool = (params) => limited(() => callToolThroughChat(chat, params.name, isRecord(params.arguments) ? params.arguments : {})) as never;
    bridge.onmessage = (params) => limited(async () => {
      const text = textOf(params.content);
      if (text) void chat.send(text).catch(() => {});
      return text ? {} : { isError: true };
    });
    let removeContext: (() => void) | undefined;
    bridge.onupdatemodelcontext = (params) => limited(async () => {
      removeContext?.();
      const value = params.structuredContent ?? textOf(params.content);
      removeContext = chat.addContext({ description: `The state of the app ${view.resourceUri} (shown for the ${latest.current.name} call)`, value });
      return {};
    });
    bridge.onsizechange = ({ height: next }) => {
      if (typeof next === 'number' && Number.isFinite(next)) setHeight(Math.max(40, Math.min(maxHeight, Math.ceil(next))));
    };
    // The call as it goes, in order (spec 2026-01-26): `tool-input-partial` each time the streaming input changes,
    // `tool-input` once it is whole, `tool-result` when the output comes (`tool-cancelled` when none will).
    let initialized = false;
    let sentPartial: string | undefined;
    let inputSent = false;
    let settled = false;
    let sending = Promise.resolve();
    const notify = (send: () => Promise<void>) => {
      sending = sending.then(send).catch(() => {});
    };
    sync.current = () => {
      if (!initialized || closed || settled) return;
      const { input, output, request, status } = latest.current;
      const args = isRecord(input) ? input : {};
      if (!inputSent && request.toolRequest.partial) {
        const text = input === undefined ? undefined : JSON.stringify(args);
        if (text !== undefined && text !== sentPartial && status === 'input-streaming') {
          sentPartial = text;
          notify(() => bridge.sendToolInputPartial({ arguments: args }));
        }
        if (status !== 'cancelled') return;
      }
      if (!inputSent && status !== 'cancelled') {
        inputSent = true;
        notify(() => bridge.sendToolInput({ arguments: args }));
      }
      if (output !== undefined) {
        settled = true;
        const result = resultOf(output);
        notify(() => bridge.sendToolResult(result as never));
      } else if (status === 'cancelled') {
        settled = true;
        notify(() => bridge.sendToolCancelled({ reason: 'The turn ended before the tool answered.' }));
      }
    };
    bridge.oninitialized = () => {
      initialized = true;
      sync.current?.();
    };
    void bridge.connect(new PostMessageTransport(target, target)).then(() => {
      // The document goes in once the bridge listens: the app's first message (ui/initialize) finds it.
      if (!closed) iframe.srcdoc = mcpAppDocument(view);
    }, () => stop('This app could not be connected.'));
    return () => {
      closed = true;
      sync.current = undefined;
      window.removeEventListener('message', guard);
      removeContext?.();
      void bridge.close().catch(() => {});
    };
  }, [view, chat, options.maxHeight, options.maxRequests, options.maxMessagesPerSecond]);

  if (stopped) return <GenUiNotice error={{ code: 'malformed', message: stopped }} />;
  return (
    <div className="acu-mcp-app" data-border={view.prefersBorder === false ? 'none' : undefined}>
      <iframe
        ref={frame}
        className="acu-mcp-app__frame"
        title={`${call.name} (app)`}
        // Scripts only: no allow-same-origin (an opaque origin: no cookies, storage or DOM of the page), no popups,
        // forms, top navigation or downloads.
        sandbox="allow-scripts"
        referrerPolicy="no-referrer"
        style={{ height }}
      />
    </div>
  );
}

/**
 * The result to hand the app: the output's own (its app resource taken out) when it names one, an MCP CallToolResult
 * as it is, else the output as text (and as `structuredContent` when it is an object).
 */
function resultOf(output: unknown): McpAppView['result'] {
  const app = readMcpApp(output);
  if (app && 'result' in app) return app.result;
  if (isRecord(output) && Array.isArray(output.content)) return output as McpAppView['result'];
  return { content: [{ type: 'text', text: typeof output === 'string' ? output : JSON.stringify(output) }], ...(isRecord(output) ? { structuredContent: output } : {}) };
}

/**
 * The app a call shows: the one its output carries, else (the output not here yet, or not an app's) the resource its
 * tool declares in `options.resources`.
 */
function appOf(call: ToolRenderProps, options: McpAppsOptions): McpAppView | GenUiError | undefined {
  const carried = readMcpApp(call.output, options);
  const resource = options.resources?.[call.name];
  if (carried || !resource) return carried;
  return readMcpApp({ content: [{ type: 'resource', resource }], _meta: { ui: { resourceUri: resource.uri } } }, options);
}

/**
 * A tool call whose result is an MCP App, or whose tool declares one: the app (shown from the call's start when the
 * tool declares it, fed its input as it streams), or a typed error in its place (the default card when not one).
 */
export function McpAppCall(props: ToolRenderProps & { options: McpAppsOptions }) {
  const { options, ...call } = props;
  const registry = useToolRegistry();
  const [view] = useState(() => appOf(call, options));
  if (!registry) throw new Error('mcpApps() renders inside a MessageList (its ToolCall component).');
  if (!view) return null;
  if ('code' in view) return <GenUiNotice error={view} />;
  return <McpAppFrame view={view} call={call} chat={registry.chat()} options={options} />;
}
