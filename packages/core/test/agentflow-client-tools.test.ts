import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createAgentChat, isToolResponsePart } from '@agent-chat/core';
import { agentFlowTransport } from '../src/protocols/agentflow/agentflow-transport.js';
import { startAgentFlowLiveServer, type AgentFlowLiveServer } from './agentflow-live-server.js';
import { clientTools } from '../src/index.js';

let server: AgentFlowLiveServer;
beforeAll(async () => {
  server = await startAgentFlowLiveServer();
});
afterAll(() => server.close());

describe('live AgentFlow server: client-side tools', () => {
  it('an interrupt named like a client tool runs in the browser and goes back as a tool message; recorded once', async () => {
    const execute = vi.fn((input: { question: string }) => (input.question === 'Proceed?' ? 'yes' : 'no'));
    const chat = createAgentChat({ features: [clientTools()],
      transport: agentFlowTransport({ url: server.baseUrl, auth: 'secret', responseGranularity: 'partial' }),
      tools: { approve: { execute } },
    });
    const response = await chat.send('interrupt');
    expect(response.text).toBe('Resumed with yes.');
    expect(execute).toHaveBeenCalledTimes(1);
    const answers = chat.getState().messages.flatMap((message) => message.content).filter(isToolResponsePart);
    expect(answers.map((part) => part.toolResponse.output)).toEqual(['yes']);
  });
});
