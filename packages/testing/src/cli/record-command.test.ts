import { spawn } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startAgentServer, type AgentServer } from '@agent-chat/agent-server';
import { startTnsaiLiveServer, type TnsaiLiveServer } from '../../../core/test/tnsai-live-server.js';
import { chatOutcome } from '../chat-outcome.js';
import { playRecording } from '../play-recording.js';
import { parseRecording } from '../recording.js';
import { runRecordCommand } from './record-command.js';

let agent: AgentServer;
let tnsai: TnsaiLiveServer;
let dir: string;
beforeAll(async () => {
  [agent, tnsai, dir] = await Promise.all([
    startAgentServer({ port: 0, store: 'memory', tokenDelayMs: 0, log: () => undefined, user: 'anonymous' }),
    startTnsaiLiveServer(),
    mkdtemp(join(tmpdir(), 'agent-chat-record-')),
  ]);
});
afterAll(async () => {
  await Promise.all([agent.dispose(), tnsai.close(), rm(dir, { recursive: true, force: true })]);
});

/** Runs the command in-process, collecting what it writes. */
async function record(args: string[]) {
  const out = { stdout: '', stderr: '' };
  const status = await runRecordCommand(args, { stdout: (text) => (out.stdout += text), stderr: (text) => (out.stderr += text) });
  return { status, ...out };
}

describe('agent-chat-record', () => {
  it('records the demo agent over Genkit into a file, answering its interrupt; the file replays', async () => {
    const file = join(dir, 'clear.json');
    const result = await record(['--url', agent.agentUrl, '--protocol', 'genkit', '--message', 'add Buy milk', '--message', 'clear', '--answer', 'yes', '--out', file]);
    expect(result.stderr).toContain('turn "clear" → interrupted');
    expect(result.stderr).toContain('answer "yes" → stop');
    expect(result.status).toBe(0);
    const recording = parseRecording(JSON.parse(await readFile(file, 'utf8')));
    expect(recording.protocol).toBe('genkit');
    expect(recording.turns.map((turn) => turn.request.input.message?.content ?? turn.request.input.resume)).toHaveLength(3);
    const { chat } = await playRecording(recording, { speed: Infinity });
    expect(chatOutcome(chat.getState())).toMatchObject({ status: 'ready', finishReason: 'stop', custom: { tasks: [] } });
  });

  it.each([
    ['genkit', () => agent.agentUrl],
    ['agui', () => agent.aguiUrl],
    ['ai-sdk', () => agent.aiSdkUrl],
  ] as const)('--deny records a refusal that replays as denied (%s): the confirm card is denied, nothing is cleared', async (protocol, url) => {
    const result = await record(['--url', url(), '--protocol', protocol, '--message', 'add Buy milk', '--message', 'clear', '--deny']);
    expect(result.stderr).toContain('answer deny (false)');
    expect(result.status).toBe(0);
    const recording = parseRecording(JSON.parse(result.stdout));
    expect(recording.turns.at(-1)!.request.input.resume?.respond).toEqual([expect.objectContaining({ toolResponse: expect.objectContaining({ name: 'confirmClearAll', output: false }) })]);
    const { chat } = await playRecording(recording, { speed: Infinity });
    const answers = chat.getState().messages.flatMap((message) => message.content).filter((part) => 'toolResponse' in part && part.toolResponse.name === 'confirmClearAll');
    expect(answers.length).toBeGreaterThan(0);
    for (const answer of answers) expect(answer.metadata?.denied).toBe(true);
    expect(chat.getState().custom).toMatchObject({ tasks: [expect.objectContaining({ title: 'Buy milk' })] });
  });

  it('--confirm, --answer-json and --attach are recorded in order; headers are sent but never written to the file', async () => {
    const picture = join(dir, 'dot.png');
    await writeFile(picture, Buffer.from('89504e470d0a1a0a', 'hex'));
    const result = await record([
      '--url', agent.agentUrl, '--protocol', 'genkit', '--header', 'Authorization: Bearer secret-token',
      '--attach', picture, '--message', 'add Buy milk', '--message', 'clear', '--confirm', '--message', 'clear', '--answer-json', '{"approved":false,"reason":"not now"}',
    ]);
    expect(result.status).toBe(0);
    expect(result.stdout).not.toContain('secret-token');
    const recording = parseRecording(JSON.parse(result.stdout));
    expect(recording.turns[0]!.request.input.message?.content).toEqual([
      { text: 'add Buy milk' },
      { media: { url: 'data:image/png;base64,iVBORw0KGgo=', contentType: 'image/png' }, metadata: { filename: 'dot.png' } },
    ]);
    expect(recording.turns.map((turn) => turn.request.input.resume?.respond?.[0]?.toolResponse.output)).toEqual([undefined, undefined, true, undefined, { approved: false, reason: 'not now' }]);
    expect(await record(['--url', agent.agentUrl, '--protocol', 'genkit', '--answer-json', '{nope', '--message', 'hi'])).toMatchObject({ status: 2, stderr: expect.stringContaining('not JSON') });
    expect(await record(['--url', agent.agentUrl, '--protocol', 'genkit', '--message', 'hi', '--attach', picture])).toMatchObject({ status: 2, stderr: expect.stringContaining('before the --message') });
  });

  it('writes to stdout without --out, with a header sent on every request', async () => {
    const result = await record(['--url', tnsai.url, '--protocol', 'tnsai', '--message', 'hello', '--header', 'X-Trace: abc']);
    expect(result.status).toBe(0);
    expect(parseRecording(JSON.parse(result.stdout)).turns).toHaveLength(1);
    expect(tnsai.requests.at(-1)?.headers['x-trace']).toBe('abc');
  });

  it('says what is wrong with its arguments (exit 2), and fails (exit 1) when a turn fails', async () => {
    expect(await record(['--protocol', 'genkit', '--message', 'hi'])).toMatchObject({ status: 2, stderr: expect.stringContaining('--url is required') });
    expect(await record(['--url', agent.agentUrl, '--protocol', 'grpc', '--message', 'hi'])).toMatchObject({ status: 2, stderr: expect.stringContaining('unknown protocol "grpc"') });
    expect(await record(['--url', agent.agentUrl, '--protocol', 'genkit'])).toMatchObject({ status: 2, stderr: expect.stringContaining('--message') });
    expect(await record(['--help'])).toMatchObject({ status: 0, stdout: expect.stringContaining('Usage: agent-chat-record') });
    const failed = await record(['--url', `${agent.url}/api/nowhere`, '--protocol', 'genkit', '--message', 'hi']);
    expect(failed.status).toBe(1);
    expect(failed.stderr).toContain('not-found');
    expect(parseRecording(JSON.parse(failed.stdout)).turns[0]!.status).toBe(404);
  });

  it('runs as a program (the package bin) and records a live turn', async () => {
    const cli = fileURLToPath(new URL('./record-cli.ts', import.meta.url));
    // Its imports of the packages resolve to their sources (the check config's paths), as the tests' own do: no build needed.
    const tsconfig = fileURLToPath(new URL('../../../../tsconfig.check.json', import.meta.url));
    const child = spawn(process.execPath, ['--import', 'tsx', cli, '--url', tnsai.url, '--protocol', 'tnsai', '--message', 'hello'], { stdio: ['ignore', 'pipe', 'pipe'], env: { ...process.env, TSX_TSCONFIG_PATH: tsconfig } });
    let stdout = '';
    child.stdout.setEncoding('utf8').on('data', (text: string) => (stdout += text));
    const status = await new Promise<number | null>((resolve) => child.on('close', resolve));
    expect(status).toBe(0);
    const { chat } = await playRecording(parseRecording(JSON.parse(stdout)), { speed: Infinity });
    expect(chat.getState().messages.at(-1)?.content).toEqual([{ text: 'Hello, world!' }]);
  });
});
