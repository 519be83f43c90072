/**
 * "A new protocol is one folder plus one line": the echo protocol (this folder, a descriptor and a transport built from
 * the public API) is recorded from a live server, replayed, and recorded by the CLI when given its descriptor — no edit to
 * @agent-chat/testing — and the size report makes its row from the same descriptor (bench/size/protocol-entries.test.mjs).
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAgentChat, protocolTransport } from '@agent-chat/core';
import { runRecordCommand } from '../../src/cli/record-command.js';
import { parseRecording, playRecording, recordTransport, replayTransport } from '../../src/index.js';
import { echoProtocol } from './echo-protocol.js';

let server: Server;
let url: string;

beforeAll(async () => {
  // Echoes the posted text back word by word, one NDJSON line each, then `{"done":true}`.
  server = createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => (body += chunk.toString()));
    request.on('end', () => {
      const { text } = JSON.parse(body) as { text: string };
      response.writeHead(200, { 'Content-Type': echoProtocol.contentType });
      for (const word of text.split(' ')) response.write(`${JSON.stringify({ delta: `${word} ` })}\n`);
      response.end(`${JSON.stringify({ done: true })}\n`);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/echo`;
});

afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('a sixth protocol from its descriptor alone', () => {
  it('is not recordable, parsed or replayed without its descriptor', () => {
    expect(() => recordTransport(protocolTransport(echoProtocol, { url }))).toThrow(/must be one of genkit, .*tnsai/);
    const recording = { version: 1, protocol: 'echo', turns: [] };
    expect(() => parseRecording(recording)).toThrow(/unknown protocol echo/);
    expect(() => replayTransport(recording)).toThrow(/unknown protocol echo/);
    expect(parseRecording(recording, { protocols: [echoProtocol] })).toMatchObject({ protocol: 'echo' });
  });

  it('given its descriptor, it records live, splits the body by its framing and replays to the same answers', async () => {
    const protocols = [echoProtocol];
    const recorder = recordTransport((fetch) => protocolTransport(echoProtocol, { url, fetch }), { protocols });
    const live = createAgentChat({ transport: recorder });
    expect((await live.send('hello from a sixth protocol')).text).toBe('hello from a sixth protocol ');
    expect((await live.send('and again')).text).toBe('and again ');
    const json = JSON.parse(JSON.stringify(recorder.recording())) as unknown;
    const recording = parseRecording(json, { protocols });
    expect(recording).toMatchObject({ protocol: 'echo', url, capture: 'bytes' });
    // NDJSON: one frame per line, as the descriptor's framing says.
    expect(recording.turns[0]!.frames.map((frame) => frame.raw)).toEqual([
      '{"delta":"hello "}\n', '{"delta":"from "}\n', '{"delta":"a "}\n', '{"delta":"sixth "}\n', '{"delta":"protocol "}\n', '{"done":true}\n',
    ]);
    const { responses } = await playRecording(json, { speed: Infinity, protocols });
    expect(responses.map((response) => [response.text, response.finishReason])).toEqual([
      ['hello from a sixth protocol ', 'stop'],
      ['and again ', 'stop'],
    ]);
    // One call's descriptors are that call's only: the next call without them does not know the protocol.
    await expect(playRecording(json, { speed: Infinity })).rejects.toThrow(/unknown protocol echo/);
  });

  it('given its descriptor, the record command takes it by name (and names it in its usage)', async () => {
    let out = '';
    let err = '';
    const io = { stdout: (text: string) => void (out += text), stderr: (text: string) => void (err += text) };
    expect(await runRecordCommand(['--url', url, '--protocol', 'echo', '--message', 'by name'], io)).toBe(2);
    expect(err).toContain('unknown protocol "echo"');
    const status = await runRecordCommand(['--url', url, '--protocol', 'echo', '--message', 'by name'], io, { protocols: [echoProtocol] });
    expect(status).toBe(0);
    expect(parseRecording(JSON.parse(out), { protocols: [echoProtocol] })).toMatchObject({ protocol: 'echo', turns: [{ frames: [{ raw: '{"delta":"by "}\n' }, { raw: '{"delta":"name "}\n' }, { raw: '{"done":true}\n' }] }] });
    out = '';
    await runRecordCommand(['--help'], io, { protocols: [echoProtocol] });
    expect(out).toMatch(/--protocol <genkit\|.*\|echo>/);
  });
});
