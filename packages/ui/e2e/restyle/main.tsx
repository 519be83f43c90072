/// <reference types="vite/client" />
// A chat restyled by an app, for the browser check. `?theme=light|dark` forces the kit's scheme (data-acu-theme) on
// the chat, none follows the system; `?app=root|ancestor` applies the app's stylesheet (app.css: every token, and
// parts restyled by plain class selectors), its tokens on <html> or on an element around the chat.
import { createAgentChat, scriptedTransport, type Message } from '@agent-chat/core';
import { AgentChatProvider } from '@agent-chat/react';
import { createRoot } from 'react-dom/client';
import { Composer, MessageActions, MessageList } from '../../src/index.js';
import '../../src/styles.css';
// As the app wrote it (Vite's `?inline` would run it through Lightning CSS, which rewrites its light-dark()).
import appStyles from './app.css?raw';

const params = new URLSearchParams(location.search);
const theme = params.get('theme') ?? undefined;
const tokensAt = params.get('app');
if (tokensAt) {
  const style = document.createElement('style');
  style.textContent = appStyles;
  document.head.append(style);
  if (tokensAt === 'root') document.documentElement.classList.add('app-tokens');
}

const TABLE = [
  'Here is the week, one row per task:',
  '',
  '| Task | Owner | When | Where | Notes |',
  '| --- | --- | --- | --- | --- |',
  '| Write the report | Alexandra Johnson | Wednesday afternoon | Headquarters, third floor | Needs the quarterly household figures from finance |',
  '| Review the household budget | Maximilian Schneider | Thursday morning | Conference room Jupiter | Bring the spreadsheets and the receipts |',
  '| Plan the offsite | Priya Raghunathan | Friday, all day | Lisbon | Book the venue before the deadline |',
  '',
  'And the command that builds it:',
  '',
  '```sh',
  'npm run build -- --filter=@agent-chat/ui',
  '```',
].join('\n');

const history: Message[] = [
  { role: 'user', content: [{ text: 'Plan my week, please.' }] },
  { role: 'model', content: [{ text: 'Let me look at your calendar.' }, { toolRequest: { name: 'getCalendar', ref: 'c1', input: { week: 49 } } }] },
  { role: 'tool', content: [{ toolResponse: { name: 'getCalendar', ref: 'c1', output: { events: 3 } } }] },
  { role: 'model', content: [{ text: TABLE }] },
];
const chat = createAgentChat({ transport: scriptedTransport([]), state: { messages: history, artifacts: [] } });

createRoot(document.getElementById('root')!).render(
  <div className={tokensAt === 'ancestor' ? 'app-tokens app-frame' : 'app-frame'}>
    <div className="app-chat" data-acu-theme={theme}>
      <AgentChatProvider chat={chat}>
        <MessageList.Root messageActions={MessageActions.Root} />
        <Composer.Root>
          <Composer.Input />
          <Composer.Send asChild>
            <button type="button" className="app-send">Send ↵</button>
          </Composer.Send>
        </Composer.Root>
      </AgentChatProvider>
    </div>
  </div>,
);
document.body.setAttribute('data-ready', 'true');
