/**
 * What the scripted model says: a pure function of the conversation so far. The newest message decides:
 * a tool message (a tool or interrupt answered) gets a closing sentence, a user message is matched
 * against a few commands (case-insensitive).
 */
import type { MessageData, Part } from 'genkit/beta';
import { isConfirmation } from './tools.js';
import { DIAGRAM_TEXT, RICH_REASONING, RICH_TEXT } from './rich-reply.js';
import { bookingAnswer, bookingFormParts } from './generative-ui.js';

export type Reply =
  /** Text, then parts after it in the same message (`parts`: an A2UI form's messages). */
  | { kind: 'text'; text: string; parts?: Part[] }
  /** A tool request; `preamble` is text streamed before it in the same model message (as real models often say what they do). */
  | { kind: 'tool'; name: string; input: Record<string, unknown>; preamble?: string }
  | { kind: 'fail'; text: string; message: string }
  /** Reasoning, then the text (code, math, citations), then sources, suggestions and usage (see rich-reply.ts). */
  | { kind: 'rich'; reasoning: string; text: string };

/** The researcher sub-agent's brief starts with this (research.ts): the scripted model answers it as the researcher. */
export const RESEARCH_BRIEF = 'Research brief:';
/** A brief that asks the researcher to ask the user before it searches (its approveSearch question). */
export const ASK_FIRST = '(ask first)';

export const HELP_TEXT = [
  "Hi! I'm a task-list assistant. Here's what I can do:",
  '',
  '- **add** _title_ — add a task, e.g. “add Buy milk”',
  '- **complete** _n_ (or **done** _n_) — mark task #n as done',
  '- **report** — write report.md; ask again to revise it',
  '- **clear** — clear all tasks (I ask you to confirm first)',
  '- **long** or **story** — a long answer you can Stop',
  '- **fail** — a turn that fails, to see the error handling',
  '- **explain** — an answer with reasoning, code, math, sources and suggestions',
  '- **diagram** (or **math**) — formulas, a Mermaid diagram and a wide table',
  '- **book a table** — a booking form (A2UI) whose Book button answers me',
  '- **chart my tasks** — a chart of your tasks (an MCP App in a sandboxed frame)',
  '- **research** _topic_ — a researcher sub-agent searches and reports, its steps shown under the call (**carefully**: it asks you first)',
].join('\n');

const STORY_PARAGRAPHS = [
  'Once upon a time there was a task list that never got shorter. Every morning its owner added three new items, and every evening two of them were still waiting, patiently, at the bottom of the screen.',
  'One day the list decided to help. It sorted itself by urgency, grouped the errands that shared a street, and quietly moved “call the plumber” to the very top, where nobody could pretend not to see it.',
  'The owner noticed. Milk was bought on the way home, the plumber came on Tuesday, and the report that had been “almost done” for a week was finally sent, with a summary short enough that people actually read it.',
  'Weeks went by. The list learned that small tasks finished early make big tasks feel lighter, that a task without a verb is really a worry, and that “someday” is not a date. It began to suggest verbs.',
  'Not every day went well. Some days the list grew anyway, because life is like that, and on those days the list simply kept count, without judgement, and waited for a quieter morning to catch up.',
  'By the end of the season the list was half its old length. Its owner still added three items every morning, but now most of them were done by the evening, and the ones that remained were there for a reason.',
  'Friends asked for the secret. The owner shrugged and said there was none: write things down, look at the list once in the morning and once at night, finish one small thing before lunch, and never add a task that you would not be glad to see done.',
  'And the moral of the story? A list is not a promise to do everything. It is a way of choosing what to do next, one checkbox at a time, until the things that matter are done and the rest can wait.',
];
export const STORY_TEXT = STORY_PARAGRAPHS.join('\n\n');

function textOf(message: MessageData): string {
  return message.content.map((part: Part) => part.text ?? '').join('');
}

function quoted(title: string): string {
  return `“${title}”`;
}

/** The closing sentence for the browser's answer to getLocalTime: `{time, timeZone}`, text, an error, or a refusal. */
function replyToLocalTime(output: unknown): Reply {
  if (output === false || output === null || output === undefined) return { kind: 'text', text: 'Okay, I will not read your clock.' };
  if (typeof output === 'string') return { kind: 'text', text: `Your local time is ${output}.` };
  const { time, timeZone, error } = output as Record<string, unknown>;
  if (typeof error === 'string') return { kind: 'text', text: `I could not read your clock: ${error}` };
  if (typeof time !== 'string') return { kind: 'text', text: 'Your browser did not say what time it is.' };
  return { kind: 'text', text: typeof timeZone === 'string' ? `Your local time is ${time} (${timeZone}).` : `Your local time is ${time}.` };
}

function replyToTool(part: Part): Reply {
  const { name } = part.toolResponse!;
  const output = (part.toolResponse!.output ?? {}) as Record<string, unknown>;
  switch (name) {
    case 'addTask':
      return { kind: 'text', text: `Added ${quoted(String(output.title))} (task #${output.id}).` };
    case 'completeTask':
      if (!output.found) return { kind: 'text', text: `There is no task #${output.id}. Say “add <title>” to create one.` };
      if (output.alreadyDone) return { kind: 'text', text: `Task #${output.id} (${quoted(String(output.title))}) was already done.` };
      return { kind: 'text', text: `Marked ${quoted(String(output.title))} (task #${output.id}) as done.` };
    case 'writeReport': {
      const count = Number(output.taskCount);
      const tasks = `${count} task${count === 1 ? '' : 's'}`;
      return Number(output.revision) > 1
        ? { kind: 'text', text: `I revised ${output.name} (revision ${output.revision}, ${tasks}).` }
        : { kind: 'text', text: `I wrote ${output.name} with ${tasks}. You'll find it with the artifacts.` };
    }
    case 'confirmClearAll':
      return isConfirmation(part.toolResponse!.output)
        ? { kind: 'tool', name: 'clearAllTasks', input: {} }
        : { kind: 'text', text: 'Okay, nothing was cleared. Your tasks are still there.' };
    case 'clearAllTasks': {
      const cleared = Number(output.cleared);
      return cleared > 0
        ? { kind: 'text', text: `Done: I cleared all ${cleared} task${cleared === 1 ? '' : 's'}. The list is empty.` }
        : { kind: 'text', text: 'The list was already empty, so there was nothing to clear.' };
    }
    case 'getLocalTime':
      return replyToLocalTime(part.toolResponse!.output);
    case 'research':
      return { kind: 'text', text: `Here is what the researcher found:\n\n${String(part.toolResponse!.output ?? '')}` };
    case 'approveSearch':
      // The researcher's question answered (decideReply found what it wanted to search).
      return { kind: 'text', text: 'Okay, I did not search.' };
    case 'webSearch': {
      // The researcher's summary of what its search found.
      const found = Array.isArray(part.toolResponse!.output) ? (part.toolResponse!.output as { title: string }[]) : [];
      return { kind: 'text', text: `I found ${found.length} sources: ${found.map((source) => quoted(source.title)).join(', ')}. In short, they agree on the basics and differ on the latest details.` };
    }
    case 'listTasks':
      return replyToTaskList(output);
    case 'chartTasks':
      return { kind: 'text', text: 'Here is the chart of your tasks. Refresh it from the app.' };
    default:
      return { kind: 'text', text: `The ${name} tool finished.` };
  }
}

type Listed = { id: number; title: string };

/** "What's left?": the open tasks from the state as the turn saw it (the user's ticks included). */
function replyToTaskList(output: Record<string, unknown>): Reply {
  const open = (Array.isArray(output.open) ? output.open : []) as Listed[];
  const done = (Array.isArray(output.done) ? output.done : []) as Listed[];
  const line = (task: Listed) => `- #${task.id} ${task.title}`;
  if (open.length + done.length === 0) return { kind: 'text', text: 'You have no tasks yet. Say “add <title>” to create one.' };
  if (open.length === 0) return { kind: 'text', text: `Nothing left: all ${done.length} task${done.length === 1 ? ' is' : 's are'} done.` };
  const total = open.length + done.length;
  const doneLine = done.length ? ['', `Done: ${done.map((task) => `#${task.id} ${task.title}`).join(', ')}.`] : [];
  return { kind: 'text', text: [`Left to do (${open.length} of ${total}):`, ...open.map(line), ...doneLine].join('\n') };
}

/** A context value as a phrase: a task as `#id “title” (open|done)`, JSON text read back, anything else as JSON. */
function describeContextValue(value: unknown): string {
  let read = value;
  if (typeof value === 'string') {
    try {
      read = JSON.parse(value);
    } catch {
      return value;
    }
  }
  if (read && typeof read === 'object' && typeof (read as Listed).title === 'string') {
    const task = read as Listed & { done?: unknown };
    const status = typeof task.done === 'boolean' ? ` (${task.done ? 'done' : 'open'})` : '';
    return `${typeof task.id === 'number' ? `#${task.id} ` : ''}${quoted(task.title)}${status}`;
  }
  return typeof read === 'string' ? read : JSON.stringify(read);
}

/** "What am I looking at?": the app context the client sent with the message (its `metadata.context`). */
function replyToContext(message: MessageData): Reply {
  const context = message.metadata?.context;
  const entries = (Array.isArray(context) ? context : []).filter((entry): entry is { description: string; value: unknown } =>
    typeof entry === 'object' && entry !== null && typeof (entry as { description?: unknown }).description === 'string');
  if (entries.length === 0) return { kind: 'text', text: "I can't see your screen: the app sent no context with this message." };
  return { kind: 'text', text: ['You are looking at:', ...entries.map((entry) => `- **${entry.description}**: ${describeContextValue(entry.value)}`)].join('\n') };
}

const ASKS_WHAT_IS_LEFT = /\bwhat(?:'|’)?s left\b|\bwhat is left\b|\bleft to do\b|\bremaining\b/i;
const ASKS_WHAT_IS_SHOWN = /\blooking at\b|\bon my screen\b|\bwhat(?:'|’)?s selected\b|\bwhat is selected\b/i;

/** A byte count as people read it: 512 B, 14 KB, 2.4 MB. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const [value, unit] = bytes < 1024 ** 2 ? [bytes / 1024, 'KB'] : [bytes / 1024 ** 2, 'MB'];
  return `${value < 10 ? Math.round(value * 10) / 10 : Math.round(value)} ${unit}`;
}

/** What the user attached: its name (the part's `metadata.filename`, else the URL's last segment), type and size. */
export function describeAttachment(part: Part): { name: string; type: string; bytes: number | null } {
  const { url, contentType } = part.media!;
  const inline = /^data:([^;,]*)((?:;[^;,]*)*),(.*)$/s.exec(url);
  const filename = part.metadata?.filename;
  const name = typeof filename === 'string' && filename !== '' ? filename : inline ? 'attachment' : url.split(/[?#]/)[0]!.split('/').pop() || 'attachment';
  const type = contentType || inline?.[1] || 'application/octet-stream';
  let bytes: number | null = null;
  if (inline && /;base64$/i.test(inline[2]!)) {
    const data = inline[3]!.replace(/\s/g, '');
    bytes = Math.floor((data.length * 3) / 4) - (data.endsWith('==') ? 2 : data.endsWith('=') ? 1 : 0);
  } else if (inline) bytes = new TextEncoder().encode(decodeURIComponent(inline[3]!)).length;
  return { name, type, bytes };
}

/** The scripted model cannot read files: it says what it received, each by name, type and size. */
function replyToAttachments(media: readonly Part[]): Reply {
  const items = media.map((part) => {
    const { name, type, bytes } = describeAttachment(part);
    return `- **${name}** (${type}${bytes === null ? '' : `, ${formatBytes(bytes)}`})`;
  });
  const count = media.length === 1 ? 'one attachment' : `${media.length} attachments`;
  return { kind: 'text', text: [`I received ${count}:`, ...items, '', "I'm a scripted assistant, so I can't look inside files, but they're saved with this chat."].join('\n') };
}

/** An A2UI `action` the user's turn carries (the part, or its text line `[name] {context}` on a protocol without parts). */
function actionOf(message: MessageData): { name: string; context: Record<string, unknown> } | undefined {
  for (const part of message.content) {
    const action = (part.custom?.a2ui as { action?: { name?: unknown; context?: unknown } } | undefined)?.action;
    if (action && typeof action.name === 'string') return { name: action.name, context: (action.context ?? {}) as Record<string, unknown> };
  }
  const line = /^\[([\w-]+)\] (\{.*\})$/s.exec(textOf(message).trim());
  if (!line || line[1] === 'tools/call') return undefined;
  try {
    return { name: line[1]!, context: JSON.parse(line[2]!) as Record<string, unknown> };
  } catch {
    return undefined;
  }
}

/** Tools an MCP App may call through the chat (`[tools/call] name {arguments}`): the read-only ones. */
const APP_CALLABLE = new Set(['listTasks']);

function replyToUser(prompt: string): Reply {
  const call = /^\[tools\/call\] (\w+) (\{.*\})$/s.exec(prompt.trim());
  if (call && APP_CALLABLE.has(call[1]!)) return { kind: 'tool', name: call[1]!, input: {} };
  if (call) return { kind: 'text', text: `An app may not call ${call[1]}.` };
  if (/\bbook\b.*\btable\b/i.test(prompt)) return { kind: 'text', text: 'Here is a booking form: fill it in and press Book.', parts: bookingFormParts() };
  if (/\bchart\b/i.test(prompt)) return { kind: 'tool', name: 'chartTasks', input: {} };
  // The researcher sub-agent's brief (research.ts): search first, saying so.
  if (prompt.startsWith(RESEARCH_BRIEF)) {
    const brief = prompt.slice(RESEARCH_BRIEF.length).trim();
    const query = brief.replace(ASK_FIRST, '').trim();
    if (brief.startsWith(ASK_FIRST)) return { kind: 'tool', name: 'approveSearch', input: { question: `May I search the web for ${quoted(query)}?`, query } };
    return { kind: 'tool', name: 'webSearch', input: { query }, preamble: `Searching the web for ${quoted(query)}.` };
  }
  const research = /^\s*research\b\s*(?:about\s+|on\s+)?(.*?)(\s+carefully)?[.!?]*\s*$/is.exec(prompt);
  if (research) {
    const topic = research[1]!.trim() || 'tides';
    return { kind: 'tool', name: 'research', input: { topic, ...(research[2] ? { askFirst: true } : {}) }, preamble: 'Let me ask the researcher.' };
  }
  const add = /^\s*add\b(?:\s+a\b)?(?:\s+new)?(?:\s+task\b)?\s*[:\-–]?\s*(.*)$/is.exec(prompt);
  if (add) {
    const title = add[1]!.trim().replace(/^["'“‘]+|["'”’.!]+$/g, '').trim();
    if (!title) return { kind: 'text', text: 'What should the task be called? Try “add Buy milk”.' };
    return { kind: 'tool', name: 'addTask', input: { title } };
  }
  const complete = /^\s*(?:complete|done|finish)\b(?:\s+task)?\s*#?\s*(\d+)/i.exec(prompt);
  if (complete) return { kind: 'tool', name: 'completeTask', input: { id: Number(complete[1]) } };
  if (ASKS_WHAT_IS_LEFT.test(prompt)) return { kind: 'tool', name: 'listTasks', input: {} };
  if (/\b(fail|boom)\b/i.test(prompt)) {
    return { kind: 'fail', text: 'Let me try that… ', message: 'The scripted model failed on purpose (you asked it to fail).' };
  }
  if (/\bclear\b/i.test(prompt)) {
    return { kind: 'tool', name: 'confirmClearAll', input: { question: 'Clear all tasks? This cannot be undone.' } };
  }
  if (/\breport\b/i.test(prompt)) {
    // "narrate report": the model says what it does before calling the tool (one answer of two texts and a tool card).
    const preamble = /\bnarrate\b/i.test(prompt) ? { preamble: 'Writing the report of your tasks now.' } : {};
    return { kind: 'tool', name: 'writeReport', input: {}, ...preamble };
  }
  if (/\b(long|story)\b/i.test(prompt)) return { kind: 'text', text: STORY_TEXT };
  if (/\b(explain|sources)\b/i.test(prompt)) return { kind: 'rich', reasoning: RICH_REASONING, text: RICH_TEXT };
  if (/\b(diagram|math)\b/i.test(prompt)) return { kind: 'text', text: DIAGRAM_TEXT };
  if (/\b(time|clock)\b/i.test(prompt)) return { kind: 'tool', name: 'getLocalTime', input: {} };
  return { kind: 'text', text: HELP_TEXT };
}

/** The scripted model's next reply to `messages` (the full request history). */
export function decideReply(messages: readonly MessageData[]): Reply {
  const last = messages[messages.length - 1];
  if (last?.role === 'tool') {
    const answered = last.content.find((part) => part.toolResponse);
    // The researcher may search: it does, for the query its question named.
    const asked = answered?.toolResponse?.name === 'approveSearch' && isConfirmation(answered.toolResponse.output)
      ? messages.flatMap((message) => message.content).find((part) => part.toolRequest?.name === 'approveSearch')
      : undefined;
    if (asked) {
      const query = String((asked.toolRequest!.input as { query?: unknown }).query ?? '');
      return { kind: 'tool', name: 'webSearch', input: { query }, preamble: `Searching the web for ${quoted(query)}.` };
    }
    if (answered) return replyToTool(answered);
  }
  for (let i = messages.length - 1; i >= 0; i--) {
    if (messages[i]!.role !== 'user') continue;
    const media = messages[i]!.content.filter((part) => part.media);
    if (media.length > 0) return replyToAttachments(media);
    const action = actionOf(messages[i]!);
    if (action?.name === 'book') return { kind: 'text', text: bookingAnswer(action.context) };
    const prompt = textOf(messages[i]!);
    return ASKS_WHAT_IS_SHOWN.test(prompt) ? replyToContext(messages[i]!) : replyToUser(prompt);
  }
  return { kind: 'text', text: HELP_TEXT };
}

/** Splits text into streaming tokens: words with their trailing whitespace. */
export function tokenize(text: string): string[] {
  return text.match(/\s*\S+\s*/g) ?? [];
}
