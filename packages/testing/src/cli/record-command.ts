import { readFile, writeFile } from 'node:fs/promises';
import { basename, extname } from 'node:path';
import { parseArgs } from 'node:util';
import { createAgentChat, protocolTransport, type Part } from '../core-api.js';
import { protocolDescriptor, recordableProtocols, type ProtocolsOption } from '../protocols.js';
import { recordTransport } from '../record-transport.js';
import { isRecordingProtocol, type Recording } from '../recording.js';

/** The command's help, naming the core's protocols and `protocols`. */
export const recordUsage = (protocols?: ProtocolsOption['protocols']) => `Usage: agent-chat-record --url <url> --protocol <${recordableProtocols(protocols).join('|')}> --message <text> [options]

Sends each --message as one turn to the agent at --url and writes the recording (JSON) to --out, or to stdout.

  --url <url>          the agent's endpoint (AgentFlow: the server's base URL)
  --protocol <name>    ${recordableProtocols(protocols).join(', ')}
  --message <text>     a user message; repeat for more turns, in order
  --attach <file>      attaches a file (inline, as a data URL) to the next --message; repeat for more
  --confirm            answers the next interrupt with true (the user's Confirm)
  --deny               answers the next interrupt with false (the user's Deny / Cancel: replays as denied)
  --answer <text>      answers the next interrupt with a text
  --answer-json <json> answers the next interrupt (or client tool call) with a JSON value, e.g. '{"date":"2026-01-02"}'
                       (answers are used in the order given, one per turn that ends waiting on an interrupt)
  --header <k: v>      a request header (e.g. "Authorization: Bearer …"); repeat for more. Headers are sent,
                       never written to the recording
  --out <file>         where to write the recording (default: stdout)
  --help               this text`;

/** Where the command writes: the recording to stdout (without --out), what happened to stderr. */
export interface CommandIo {
  stdout(text: string): void;
  stderr(text: string): void;
}

function headersOf(lines: string[]): Record<string, string> {
  const headers: Record<string, string> = {};
  for (const line of lines) {
    const colon = line.indexOf(':');
    if (colon <= 0) throw new Error(`--header "${line}" is not "name: value"`);
    headers[line.slice(0, colon).trim()] = line.slice(colon + 1).trim();
  }
  return headers;
}

/** Content types of the files `--attach` reads, by extension (anything else is sent as application/octet-stream). */
const CONTENT_TYPES: Record<string, string> = {
  '.png': 'image/png', '.jpg': 'image/jpeg', '.jpeg': 'image/jpeg', '.gif': 'image/gif', '.webp': 'image/webp', '.svg': 'image/svg+xml',
  '.pdf': 'application/pdf', '.txt': 'text/plain', '.md': 'text/markdown', '.csv': 'text/csv', '.json': 'application/json',
};

/** An answer to an interrupt, as the part `resume` takes, and how the report names it. */
interface Answer {
  part: Part;
  label: string;
}

/** The turns to record, in the order the arguments gave them. */
interface Plan {
  messages: Array<{ text: string; attachments: Part[] }>;
  answers: Answer[];
}

/** Reads the ordered arguments: each --attach goes with the next --message; answers keep their order. */
async function planOf(tokens: ReadonlyArray<{ kind: string; name?: string; value?: string | undefined }>): Promise<Plan> {
  const plan: Plan = { messages: [], answers: [] };
  let attachments: Part[] = [];
  for (const token of tokens) {
    if (token.kind !== 'option') continue;
    const value = token.value ?? '';
    switch (token.name) {
      case 'message':
        plan.messages.push({ text: value, attachments });
        attachments = [];
        break;
      case 'attach': {
        const bytes = await readFile(value).catch(() => {
          throw new Error(`--attach: cannot read ${value}`);
        });
        const contentType = CONTENT_TYPES[extname(value).toLowerCase()] ?? 'application/octet-stream';
        attachments.push({ media: { url: `data:${contentType};base64,${bytes.toString('base64')}`, contentType }, metadata: { filename: basename(value) } });
        break;
      }
      case 'confirm':
        plan.answers.push({ part: { data: true }, label: 'confirm (true)' });
        break;
      case 'deny':
        plan.answers.push({ part: { data: false }, label: 'deny (false)' });
        break;
      case 'answer':
        plan.answers.push({ part: { text: value }, label: `"${value}"` });
        break;
      case 'answer-json': {
        let parsed: unknown;
        try {
          parsed = JSON.parse(value);
        } catch {
          throw new Error(`--answer-json: not JSON: ${value}`);
        }
        plan.answers.push({ part: { data: parsed }, label: `json ${JSON.stringify(parsed)}` });
        break;
      }
    }
  }
  if (attachments.length) throw new Error('--attach goes before the --message it belongs to');
  return plan;
}

/**
 * `agent-chat-record`: records turns from a live server into a file. Resolves to the exit status. `options.protocols`:
 * descriptors of your own that `--protocol` may name besides the core's.
 */
export async function runRecordCommand(argv: string[], io: CommandIo, options: ProtocolsOption = {}): Promise<number> {
  const usage = recordUsage(options.protocols);
  let values;
  let tokens;
  try {
    ({ values, tokens } = parseArgs({
      args: argv,
      tokens: true,
      options: {
        url: { type: 'string' },
        protocol: { type: 'string' },
        message: { type: 'string', multiple: true },
        attach: { type: 'string', multiple: true },
        confirm: { type: 'boolean', multiple: true },
        deny: { type: 'boolean', multiple: true },
        answer: { type: 'string', multiple: true },
        'answer-json': { type: 'string', multiple: true },
        header: { type: 'string', multiple: true },
        out: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${usage}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout(`${usage}\n`);
    return 0;
  }
  const { url, protocol, message: messages = [], out } = values;
  let plan: Plan;
  try {
    plan = await planOf(tokens ?? []);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n`);
    return 2;
  }
  if (!url || !protocol || messages.length === 0 || !isRecordingProtocol(protocol, options.protocols)) {
    const problem = !url ? '--url is required' : !protocol ? '--protocol is required' : messages.length === 0 ? 'give at least one --message' : `unknown protocol "${protocol}"`;
    io.stderr(`${problem}\n\n${usage}\n`);
    return 2;
  }
  let headers: Record<string, string>;
  try {
    headers = headersOf(values.header ?? []);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n`);
    return 2;
  }

  const descriptor = protocolDescriptor(protocol, options.protocols)!;
  const recorder = recordTransport((fetch) => protocolTransport(descriptor, { url, headers, fetch }), options);
  const chat = createAgentChat({ transport: recorder });
  const pendingAnswers = [...plan.answers];
  let failed = false;
  const report = (label: string, response: Awaited<ReturnType<typeof chat.send>>) => {
    const error = response.error ? ` (${response.error.code}: ${response.error.message})` : '';
    io.stderr(`${label} → ${response.finishReason}${error}\n`);
    if (response.error) failed = true;
  };
  for (const { text, attachments } of plan.messages) {
    const content: Part[] = [{ text }, ...attachments];
    const files = attachments.length ? ` + ${attachments.map((part) => part.metadata?.filename).join(', ')}` : '';
    report(`turn "${text}"${files}`, await chat.send({ message: { role: 'user', content } }));
    while (chat.getState().interrupts.length > 0 && pendingAnswers.length > 0) {
      const answer = pendingAnswers.shift()!;
      report(`answer ${answer.label}`, await chat.resume([answer.part]));
    }
  }
  const recording: Recording = recorder.recording();
  const text = `${JSON.stringify(recording, null, 1)}\n`;
  if (out) {
    await writeFile(out, text);
    io.stderr(`wrote ${recording.turns.length} turn(s) to ${out}\n`);
  } else io.stdout(text);
  return failed ? 1 : 0;
}
