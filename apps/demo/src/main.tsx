import { StrictMode, lazy, Suspense } from 'react';
import { createRoot } from 'react-dom/client';
import '@agent-chat/ui/styles.css';
import { App } from './app.js';
import { isSingleChatPath } from './conversations/conversations-location.js';
import { applyTheme, readTheme } from './demo-theme.js';
import './styles.css';

// The conversations page (`/`, `/c/:id`) is the default, a chunk of its own, so the single chat (`/chat`) does not load
// the thread list.
const ConversationsApp = lazy(() => import('./conversations/conversations-app.js').then((module) => ({ default: module.ConversationsApp })));
// `/persist`: a chat kept across reloads by `persist()` alone.
const PersistPage = lazy(() => import('./persist-page.js').then((module) => ({ default: module.PersistPage })));

// Before the first paint: a forced theme never flashes the other one.
applyTheme(readTheme());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    {isSingleChatPath(window.location.pathname) ? (
      <App />
    ) : window.location.pathname === '/persist' ? (
      <Suspense fallback={null}>
        <PersistPage />
      </Suspense>
    ) : (
      <Suspense fallback={null}>
        <ConversationsApp />
      </Suspense>
    )}
  </StrictMode>,
);
