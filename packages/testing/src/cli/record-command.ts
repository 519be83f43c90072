import { writeFile } from 'node:fs/promises';
import { parseArgs } from 'node:util';
import { createAgentChat, protocolTransport } from '../core-api.js';
import { protocolDescriptor, recordableProtocols } from '../protocols.js';
import { recordTransport } from '../record-transport.js';
import { isRecordingProtocol, type Recording } from '../recording.js';

export const RECORD_USAGE = `Usage: agent-chat-record --url <url> --protocol <${recordableProtocols().join('|')}> --message <text> [options]

Sends each --message as one turn to the agent at --url and writes the recording (JSON) to --out, or to stdout.

  --url <url>          the agent's endpoint (AgentFlow: the server's base URL)
  --protocol <name>    ${recordableProtocols().join(', ')}
  --message <text>     a user message; repeat for more turns, in order
  --answer <text>      answers the next turn that ends waiting on an interrupt; repeat for more
  --header <k: v>      a request header (e.g. "Authorization: Bearer …"); repeat for more
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

/** `agent-chat-record`: records turns from a live server into a file. Resolves to the exit status. */
export async function runRecordCommand(argv: string[], io: CommandIo): Promise<number> {
  let values;
  try {
    ({ values } = parseArgs({
      args: argv,
      options: {
        url: { type: 'string' },
        protocol: { type: 'string' },
        message: { type: 'string', multiple: true },
        answer: { type: 'string', multiple: true },
        header: { type: 'string', multiple: true },
        out: { type: 'string' },
        help: { type: 'boolean' },
      },
    }));
  } catch (error) {
    io.stderr(`${(error as Error).message}\n\n${RECORD_USAGE}\n`);
    return 2;
  }
  if (values.help) {
    io.stdout(`${RECORD_USAGE}\n`);
    return 0;
  }
  const { url, protocol, message: messages = [], answer: answers = [], out } = values;
  if (!url || !protocol || messages.length === 0 || !isRecordingProtocol(protocol)) {
    const problem = !url ? '--url is required' : !protocol ? '--protocol is required' : messages.length === 0 ? 'give at least one --message' : `unknown protocol "${protocol}"`;
    io.stderr(`${problem}\n\n${RECORD_USAGE}\n`);
    return 2;
  }
  let headers: Record<string, string>;
  try {
    headers = headersOf(values.header ?? []);
  } catch (error) {
    io.stderr(`${(error as Error).message}\n`);
    return 2;
  }

  const descriptor = protocolDescriptor(protocol)!;
  const recorder = recordTransport((fetch) => protocolTransport(descriptor, { url, headers, fetch }));
  const chat = createAgentChat({ transport: recorder });
  const pendingAnswers = [...answers];
  let failed = false;
  const report = (label: string, response: Awaited<ReturnType<typeof chat.send>>) => {
    const error = response.error ? ` (${response.error.code}: ${response.error.message})` : '';
    io.stderr(`${label} → ${response.finishReason}${error}\n`);
    if (response.error) failed = true;
  };
  for (const message of messages) {
    report(`turn "${message}"`, await chat.send(message));
    while (chat.getState().interrupts.length > 0 && pendingAnswers.length > 0) {
      const answer = pendingAnswers.shift()!;
      report(`answer "${answer}"`, await chat.resume([{ text: answer }]));
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
