import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Page } from 'playwright-core';
export { countCancelledRequests } from '../../apps/demo/e2e/browser.js';
import { startAgentServer, type AgentServer } from '@agent-chat/agent-server';

/** A free port on 127.0.0.1 (for servers that cannot take port 0 and tell theirs, like `next start`). */
export async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** An example app's server process and the real agent server behind it. */
export interface ExampleStack {
  url: string;
  agent: AgentServer;
  /** What the app's server printed (for the failure message). */
  output: string[];
  close(): Promise<void>;
}

/**
 * Starts the agent server, then `command` in `cwd` with AGENT_SERVER_URL and PORT set (and `env`: NODE_ENV is
 * `production` unless it says otherwise), and waits until `url` answers.
 */
export async function startExample(cwd: string, command: string[], port: number, env: Record<string, string> = {}): Promise<ExampleStack> {
  const dataDir = await mkdtemp(join(tmpdir(), 'agent-chat-example-sessions-'));
  const agent = await startAgentServer({ port: 0, store: 'file', dataDir, tokenDelayMs: 5 });
  const output: string[] = [];
  const child: ChildProcess = spawn(command[0]!, command.slice(1), {
    cwd,
    env: { ...process.env, AGENT_SERVER_URL: agent.url, PORT: String(port), NEXT_TELEMETRY_DISABLED: '1', NODE_ENV: 'production', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  child.stderr?.on('data', (chunk: Buffer) => output.push(chunk.toString()));
  const url = `http://127.0.0.1:${port}/`;
  const close = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill('SIGTERM');
      await exited;
    }
    await agent.dispose();
    await rm(dataDir, { recursive: true, force: true });
  };
  const deadline = Date.now() + 60_000;
  for (;;) {
    try {
      if ((await fetch(url)).ok) break;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null || Date.now() > deadline) {
      await close();
      throw new Error(`${command.join(' ')} did not serve ${url}:\n${output.join('')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { url, agent, output, close };
}

/** Console messages React and Next use for a failed or mismatched hydration. */
export const HYDRATION_WARNING = /hydrat|did not match|server rendered (html|text)|mismatch/i;

/** The chat's text field. */
export const composer = (page: Page) => page.getByRole('textbox', { name: /message/i });

/** Types `text` into the composer and sends it. */
export async function send(page: Page, text: string): Promise<void> {
  await composer(page).fill(text);
  await page.getByRole('button', { name: /^send/i }).click();
}

/** Waits until the turn just sent has ended (the view is ready again) and the last answer matches `text`. */
export async function waitForAnswer(page: Page, text: RegExp): Promise<void> {
  await page.locator('.acu-chat[data-state="ready"]').waitFor({ timeout: 30_000 });
  await page.waitForFunction(
    (source) => new RegExp(source, 'i').test([...document.querySelectorAll('article.acu-message[data-role="model"]')].at(-1)?.textContent ?? ''),
    text.source,
    { timeout: 30_000 },
  );
}

/**
 * What a user does in an example's `AgentChatView` (the demo agent's scripted replies): a turn that streams with a
 * tool card, one that writes an artifact, and one that asks before clearing (answered in the dialog).
 */
export async function chatJourney(page: Page): Promise<void> {
  await send(page, 'add Buy milk');
  await waitForAnswer(page, /Buy milk/);
  await page.locator('.acu-tool-row').first().waitFor();

  await send(page, 'report');
  await page.getByRole('region', { name: /artifact/i }).waitFor({ timeout: 30_000 });
  await waitForAnswer(page, /report/);

  await send(page, 'clear all tasks');
  // Interrupts are answered inline, where the agent asked (the dialog is an option the examples leave off).
  const answers = page.getByRole('group', { name: /^Answer / });
  await answers.waitFor({ timeout: 30_000 });
  await answers.getByRole('button', { name: /confirm|yes|clear/i }).click();
  await answers.waitFor({ state: 'hidden' });
  await waitForAnswer(page, /cleared/);
}

/**
 * With EXAMPLES_SCREENSHOTS=1: the page on a 390×844 phone, light and dark, as examples/<app>/screenshots/<name>-*.png
 * (then the viewport it had). Without it, nothing.
 */
export async function screenshots(page: Page, app: string, name: string): Promise<void> {
  if (process.env.EXAMPLES_SCREENSHOTS !== '1') return;
  const viewport = page.viewportSize();
  await page.setViewportSize({ width: 390, height: 844 });
  for (const colorScheme of ['light', 'dark'] as const) {
    // Reduced motion: the theme's colour transitions are off, so the picture is not taken half-way through one.
    await page.emulateMedia({ colorScheme, reducedMotion: 'reduce' });
    await page.screenshot({ path: fileURLToPath(new URL(`../${app}/screenshots/${name}-${colorScheme}.png`, import.meta.url)) });
  }
  await page.emulateMedia({ colorScheme: null, reducedMotion: null });
  if (viewport) await page.setViewportSize(viewport);
}
