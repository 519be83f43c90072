import { describe, expect, it } from 'vitest';
import * as core from '@agent-chat/core';
import * as agentflow from '@agent-chat/core/agentflow';
import * as agui from '@agent-chat/core/agui';
import * as aiSdk from '@agent-chat/core/ai-sdk';
import * as genkit from '@agent-chat/core/genkit';
import * as tnsai from '@agent-chat/core/tnsai';
import * as threads from '@agent-chat/core/threads';
import * as binding from '@agent-chat/core/binding';
import * as wire from '@agent-chat/core/wire';

describe('the public surface', () => {
  it('the root entry holds what an app writes (at most 30 values), and no reducer or binding plumbing', () => {
    expect(Object.keys(core).sort()).toEqual([
      'AgentChatError', 'DEFAULT_MAX_TOOL_ROUNDS', 'agentFlowTransport', 'aguiTransport', 'aiSdkTransport',
      'clientTools', 'createAgentChat', 'exportChatTree', 'genkitTransport', 'httpTransport', 'isAgentChatError',
      'isDeniedResponse', 'isInterruptPart', 'isMediaPart', 'isReasoningPart', 'isSourcePart', 'isTextPart',
      'isToolRequestPart', 'isToolResponsePart', 'persistChatTree', 'protocolTransport',
      'restoreChatTree', 'resumable', 'scriptedTransport', 'subAgents',
      'textOf', 'tnsaiTransport', 'toolCallIdOf', 'versionTree',
    ]);
    // Issue 41: a newcomer learns the root in an afternoon. A new value goes to a subpath unless an app writes it.
    expect(Object.keys(core).length).toBeLessThanOrEqual(30);
  });

  it('the binding subpath has what react, ui and your own bindings build on', () => {
    expect(Object.keys(binding).sort()).toEqual(['agentChatOptionKeys', 'liveChatOptions', 'persistedValues', 'protocolNames', 'protocols', 'splitChatOptions', 'storeOf']);
  });

  it('a chat is read-only: getState, subscribe and select, no store; its store is storeOf(chat) in the binding subpath', async () => {
    const chat = core.createAgentChat({ transport: core.scriptedTransport([[{ type: 'text-delta', text: 'Hi', messageKey: 'm' }, { type: 'turn-end', finishReason: 'stop' }]]) });
    expect('store' in chat).toBe(false);
    const statuses: string[] = [];
    const unsubscribe = chat.select((state) => state.status, (status, previous) => statuses.push(`${previous}→${status}`));
    await chat.send('hello');
    unsubscribe();
    expect(statuses).toEqual(['ready→submitted', 'submitted→streaming', 'streaming→ready']);
    binding.storeOf(chat).setState({ status: 'error' });
    expect(chat.getState().status).toBe('error');
    expect(statuses).toHaveLength(3);
    expect(() => binding.storeOf({ getState: chat.getState })).toThrow(/not a chat made by createAgentChat/);
  });

  it('each protocol subpath has its transport, decoder and request builder', () => {
    expect(genkit).toMatchObject({ genkitTransport: core.genkitTransport });
    expect(Object.keys(genkit).sort()).toEqual(['buildGenkitRequestBody', 'createGenkitDecoder', 'genkitTransport', 'parseGenkitSnapshot']);
    expect(Object.keys(agentflow).sort()).toEqual(['agentFlowTransport', 'buildAgentFlowRequestBody', 'createAgentFlowDecoder']);
    expect(Object.keys(tnsai).sort()).toEqual(['buildTnsaiRequestBody', 'createTnsaiDecoder', 'tnsaiFinishReason', 'tnsaiTransport']);
    expect(Object.keys(agui).sort()).toEqual([
      'AGUI_A2UI_ACTIVITY', 'AGUI_A2UI_EVENT', 'AGUI_PROTOCOL_VERSION', 'aguiInterruptIdOf', 'aguiMessageIdOf', 'aguiTransport', 'buildAguiResume', 'buildAguiRunInput',
      'createAguiDecoder', 'loadActivityPatcher', 'loadedActivityPatcher', 'toAguiMessages',
    ]);
    expect(Object.keys(aiSdk).sort()).toEqual([
      'AI_SDK_A2UI_PART', 'AI_SDK_ARTIFACT_PART', 'AI_SDK_STATE_PART', 'AI_SDK_STATE_PATCH_PART', 'AI_SDK_SUGGESTIONS_PART', 'aiSdkTransport', 'approvalDecision',
      'buildAiSdkRequestBody', 'createAiSdkDecoder', 'toAiSdkUiMessages',
    ]);
  });

  it('the wire subpath has the framers and the decoder helpers a custom protocol needs', () => {
    expect(Object.keys(wire).sort()).toEqual([
      'DEFAULT_MAX_DEPTH', 'DEFAULT_MAX_FRAME_BYTES', 'FINISH_REASONS', 'artifactOf', 'createNdjsonFramer', 'createSessionId', 'createSseFramer', 'endTurn', 'isRecord', 'jsonFrame',
      'malformedFrameEvent', 'normalizeFinishReason', 'normalizeRole', 'randomId', 'readFrames', 'toAgentChatError',
      'toMessage', 'upsertArtifact', 'userMessage',
    ]);
    const framer = wire.createNdjsonFramer();
    expect(framer.push('{"a":1}\n{"b"')).toEqual([{ type: 'value', value: { a: 1 } }]);
    expect(wire.endTurn('stop')).toEqual([{ type: 'turn-end', finishReason: 'stop', raw: { turnEnd: { finishReason: 'stop' } } }]);
  });

  it('the threads subpath has the thread list and its adapters', () => {
    expect(Object.keys(threads).sort()).toEqual([
      'compareThreads', 'createThreadList', 'cursorOf', 'httpThreadAdapter', 'localThreadAdapter', 'memoryThreadAdapter', 'pageOf', 'titleFrom',
    ]);
  });
});
