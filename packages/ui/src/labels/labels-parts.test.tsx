import { createAgentChat, scriptedTransport, type AgentEvent } from '@agent-chat/core';
import { AgentChatProvider } from '@agent-chat/react';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { ArtifactPanel } from '../artifacts/artifact-panel.js';
import { CodeBlock } from '../markdown/code-block.js';
import { LabelsProvider, type AgentChatLabels } from './labels.js';
import { MessageActions } from '../message-actions/message-actions.js';
import { MessageList } from '../message-list/message-list.js';
import { artifact } from '../../stories/support/scripts.js';
import { ToolActivity } from '../tools/tool-activity.js';
import { TurnInspector } from '../inspector/turn-inspector.js';
import { versionTree } from '@agent-chat/core';

afterEach(cleanup);

/** French words for the parts: none of the English defaults may show through. */
const FRENCH: Partial<AgentChatLabels> = {
  toolInput: 'Entrée',
  toolResult: 'Résultat',
  toolStatus: {
    'input-streaming': 'en préparation',
    running: 'en cours',
    waiting: 'en attente',
    'awaiting-answer': 'attend votre réponse',
    done: 'terminé',
    error: 'échec',
    denied: 'refusé',
    cancelled: 'sans résultat',
  },
  confirm: 'Confirmer',
  deny: 'Refuser',
  answerTool: (tool) => `Répondre à ${tool}`,
  artifacts: 'Fichiers',
  artifactsEmpty: 'Aucun fichier.',
  download: 'Télécharger',
  turnInspector: 'Inspecteur',
  noTurnYet: 'Aucun tour',
  inspectorEvents: (panel) => `Événements de ${panel}`,
  copy: 'Copier',
  copyCode: 'Copier le code',
  copyMessage: 'Copier le message',
  regenerate: 'Régénérer',
  regenerateAnswer: 'Régénérer la réponse',
  edit: 'Modifier',
  editMessage: 'Modifier le message',
  messageActions: 'Actions du message',
};

const french = (node: React.ReactNode) => render(<LabelsProvider labels={FRENCH}>{node}</LabelsProvider>);

describe('the labels of the parts', () => {
  it('a tool row: its status words, details and answer buttons', async () => {
    const { container } = french(
      <>
        <ToolActivity request={{ name: 'getWeather', ref: 'w1', input: { city: 'Paris' } }} response={{ name: 'getWeather', ref: 'w1', output: { temp: 20 } }} state="done" open />
        <ToolActivity request={{ name: 'clearAll', ref: 'c1', input: {} }} state="awaiting-answer" onConfirm={() => {}} onDeny={() => {}} />
      </>,
    );
    expect(screen.getByText('terminé')).toBeTruthy();
    expect(screen.getAllByText('Entrée')).toHaveLength(2);
    expect(screen.getByText('Résultat')).toBeTruthy();
    const answer = screen.getByRole('group', { name: 'Répondre à Clear all' });
    expect(within(answer).getAllByRole('button').map((button) => button.textContent)).toEqual(['Confirmer', 'Refuser']);
    expect(container.textContent).not.toMatch(/\b(done|Input|Result|Confirm|Deny)\b/);
  });

  it('the artifact panel, empty and filled, and the turn inspector', async () => {
    const transport = scriptedTransport([[artifact('notes.md', '# Notes'), { type: 'turn-end', finishReason: 'stop' } as AgentEvent]], { delayMs: 0 });
    const chat = createAgentChat({ features: [versionTree()], transport });
    const { container } = french(
      <AgentChatProvider chat={chat}>
        <ArtifactPanel />
        <TurnInspector />
      </AgentChatProvider>,
    );
    expect(screen.getByRole('heading', { name: 'Fichiers' })).toBeTruthy();
    expect(screen.getByText('Aucun fichier.')).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Inspecteur' }).textContent).toContain('Aucun tour');
    expect(screen.getByRole('list', { name: 'Événements de Inspecteur' })).toBeTruthy();
    await chat.send('go');
    await waitFor(() => expect(screen.getByRole('link', { name: /Télécharger/ })).toBeTruthy());
    expect(container.textContent).not.toMatch(/\b(Artifacts|Download|No artifacts)\b/);
  });

  it('message actions and a code block', async () => {
    const transport = scriptedTransport([[{ type: 'text-delta', text: 'Voici:\n\n```js\nlet a = 1;\n```\n', messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }]], { delayMs: 0 });
    const chat = createAgentChat({ features: [versionTree()], transport });
    french(<MessageList chat={chat} messageActions={MessageActions} />);
    await chat.send('Bonjour');
    const groups = await screen.findAllByRole('group', { name: 'Actions du message' });
    expect(groups).toHaveLength(2);
    expect(within(groups[0]!).getByRole('button', { name: 'Modifier le message' }).textContent).toBe('Modifier');
    expect(within(groups[1]!).getByRole('button', { name: 'Régénérer la réponse' }).textContent).toBe('Régénérer');
    expect(within(groups[1]!).getByRole('button', { name: 'Copier le message' }).textContent).toBe('Copier');
    // The code block is part of the Markdown renderer's chunk: there once it has loaded.
    expect((await screen.findByRole('button', { name: 'Copier le code' })).textContent).toBe('Copier');
  });

  it('a component prop wins over the provider, and a key the provider leaves out keeps its default', async () => {
    const user = userEvent.setup();
    french(<CodeBlock code="x" copyLabel="Copy this snippet" />);
    const button = screen.getByRole('button', { name: 'Copy this snippet' });
    expect(button.textContent).toBe('Copier');
    await user.click(button);
    await waitFor(() => expect(button.textContent).toBe('Copied'));
  });
});
