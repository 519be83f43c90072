import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@agent-chat/ui/styles.css';
import { App } from './app.js';
import { applyTheme, readTheme } from './demo-theme.js';
import './styles.css';

// Before the first paint: a forced theme never flashes the other one.
applyTheme(readTheme());

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
