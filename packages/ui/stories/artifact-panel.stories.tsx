import { createAgentChat, type AgentEvent } from '@agent-chat/core';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, waitFor } from 'storybook/test';
import { ArtifactPanel } from '../src/artifacts/artifact-panel.js';
import { captureTransport } from './support/genkit-captures.js';
import { HOSTILE_TEXT, artifact, scriptedChat } from './support/scripts.js';
import { StoryChat } from './support/story-chat.js';

const meta = {
  title: 'Components/ArtifactPanel',
  component: ArtifactPanel,
} satisfies Meta<typeof ArtifactPanel>;

export default meta;
type Story = StoryObj<typeof meta>;

const turn = (...events: AgentEvent[]): AgentEvent[] => [...events, { type: 'turn-end', finishReason: 'stop' }];

export const Empty: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([])}>
      <ArtifactPanel />
    </StoryChat>
  ),
  play: async ({ canvas }) => {
    await expect(canvas.getByRole('region', { name: 'Artifacts' })).toHaveAttribute('data-state', 'empty');
    await expect(canvas.getByText('No artifacts yet.')).toBeInTheDocument();
  },
};

const PAUSE = Array.from({ length: 6 }, (): AgentEvent => ({ type: 'passthrough' }));

/** `plan.md` arrives, then a second version replaces it in place and is highlighted for a moment. */
export const ArtifactUpdated: Story = {
  render: () => (
    <StoryChat
      create={() => scriptedChat([turn(artifact('plan.md', '# Plan\n\n- draft'), ...PAUSE, artifact('plan.md', '# Plan\n\n- draft\n- **reviewed**'))], { delayMs: 60 })}
      start={(chat) => void chat.send('Write the plan.')}
    >
      <ArtifactPanel highlightMs={1500} />
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByText('reviewed')).toBeInTheDocument(), { timeout: 3000 });
    const item = canvasElement.querySelector('.acu-artifact')!;
    await expect(canvasElement.querySelectorAll('.acu-artifact')).toHaveLength(1);
    await expect(item).toHaveAttribute('data-state', 'updated');
    await expect(item).toHaveTextContent('v2');
    await waitFor(() => expect(item).toHaveAttribute('data-state', 'idle'), { timeout: 3000 });
  },
};

const CODE = 'export function total(items: number[]): number {\n  return items.reduce((sum, item) => sum + item, 0);\n}\n';
const IMAGE = 'data:image/svg+xml;base64,PHN2ZyB4bWxucz0iaHR0cDovL3d3dy53My5vcmcvMjAwMC9zdmciIHdpZHRoPSIxMjAiIGhlaWdodD0iNjAiPjxyZWN0IHdpZHRoPSIxMjAiIGhlaWdodD0iNjAiIGZpbGw9IiMxYTdmMzciLz48L3N2Zz4=';

/** Code with a copy button, markdown, data and media artifacts, each with a download link. */
export const Kinds: Story = {
  render: () => (
    <StoryChat
      create={() =>
        scriptedChat([
          turn(
            artifact('total.ts', CODE),
            artifact('notes.md', '## Notes\n\nUse `total` for **sums**.'),
            { type: 'artifact-upsert', artifact: { name: 'chart.svg', parts: [{ media: { url: IMAGE, contentType: 'image/svg+xml' } }] } },
            { type: 'artifact-upsert', artifact: { name: 'result.json', parts: [{ data: { total: 42 } }] } },
          ),
        ], { delayMs: 0 })
      }
      start={(chat) => void chat.send('Make artifacts.')}
    >
      <ArtifactPanel />
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.acu-artifact')).toHaveLength(4), { timeout: 3000 });
    await expect(canvas.getAllByRole('button', { name: 'Copy code' }).length).toBeGreaterThanOrEqual(2);
    await expect(canvas.getByRole('img')).toHaveAttribute('src', IMAGE);
    await expect(await canvas.findByRole('link', { name: 'Download total.ts' }, { timeout: 3000 })).toHaveAttribute('download', 'total.ts');
    // The Markdown of a .md artifact renders as its chunk arrives (the plain text first).
    await expect(await canvas.findByRole('heading', { name: 'Notes' }, { timeout: 5000 })).toBeInTheDocument();
  },
};

/** Hostile artifact content renders as text: no script, no image with handlers, no javascript: link. */
export const HostileArtifact: Story = {
  render: () => (
    <StoryChat create={() => scriptedChat([turn(artifact('evil.md', HOSTILE_TEXT), artifact(undefined, '<img src=x onerror=alert(1)>', { contentType: 'text/html' }))], { delayMs: 0 })} start={(chat) => void chat.send('x')}>
      <ArtifactPanel />
    </StoryChat>
  ),
  play: async ({ canvasElement }) => {
    await waitFor(() => expect(canvasElement.querySelectorAll('.acu-artifact')).toHaveLength(2), { timeout: 3000 });
    await expect(canvasElement.querySelector('.acu-artifacts script, .acu-artifacts img, [onerror]')).toBeNull();
    for (const link of canvasElement.querySelectorAll('.acu-artifact__body a')) await expect(link.getAttribute('href')).toMatch(/^https:/);
    await expect(canvasElement.querySelector('.acu-artifact[data-kind="code"]')).toHaveTextContent('<img src=x onerror=alert(1)>');
  },
};

/** The real `custom-turn1.sse` capture at a visible pace: notes.md v1 → v2 (same name, replaced), then an unnamed one. */
export const GenkitCapture: Story = {
  render: () => (
    <StoryChat create={() => createAgentChat({ transport: captureTransport({ paceMs: 250 }) })} start={(chat) => void chat.send('go')}>
      <ArtifactPanel />
    </StoryChat>
  ),
  play: async ({ canvas, canvasElement }) => {
    await waitFor(() => expect(canvas.getByText('unnamed')).toBeInTheDocument(), { timeout: 5000 });
    await expect(canvas.getByRole('heading', { name: 'notes.md' })).toBeInTheDocument();
    await expect(canvasElement.querySelectorAll('.acu-artifact')).toHaveLength(2);
    await expect(canvas.getByRole('heading', { name: 'v2' })).toBeInTheDocument();
  },
};
