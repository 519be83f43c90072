import { createAgentChat, scriptedTransport, type AgentChat, type AgentChunk, type AgentResponse, type ChatState } from '@agent-chat/core';
import { describe, expectTypeOf, it } from 'vitest';
import { useAgentChat, useAgentChatContext, useAgentChatSelector, type UseAgentChatResult } from './index.js';

interface Task {
  id: string;
  done: boolean;
}
interface TaskState {
  tasks: Task[];
}

const transport = scriptedTransport([]);
const chat = createAgentChat<TaskState>({ transport });

describe('types', () => {
  it('AgentChat is read-only, so a typed chat is a chat of anything: AgentChat<TaskState> extends AgentChat<unknown> (issue 41)', () => {
    expectTypeOf(chat).toExtend<AgentChat<unknown>>();
    expectTypeOf(chat).toExtend<AgentChat>();
    expectTypeOf<AgentChat<TaskState>>().not.toHaveProperty('store');
  });

  it('useAgentChat<TaskState>() gives custom: TaskState | undefined', () => {
    expectTypeOf<ReturnType<typeof useAgentChat<TaskState>>['custom']>().toEqualTypeOf<TaskState | undefined>();
    expectTypeOf<UseAgentChatResult<TaskState>>().toExtend<ChatState<TaskState>>();
    expectTypeOf<UseAgentChatResult<TaskState>['isThinking']>().toEqualTypeOf<boolean>();
    expectTypeOf<UseAgentChatResult<TaskState>['chat']>().toEqualTypeOf<AgentChat<TaskState>>();
    expectTypeOf<UseAgentChatResult<TaskState>['send']>().returns.toEqualTypeOf<Promise<AgentResponse<TaskState>>>();
    expectTypeOf<UseAgentChatResult<TaskState>['regenerate']>().returns.toEqualTypeOf<Promise<AgentResponse<TaskState>>>();
    expectTypeOf<UseAgentChatResult<TaskState>['edit']>().parameters.toEqualTypeOf<[string, string | import('@agent-chat/core').AgentInput, import('@agent-chat/core').OperationOptions<TaskState>?]>();
    expectTypeOf<UseAgentChatResult<TaskState>['switchBranch']>().toEqualTypeOf<(messageId: string, index: number) => void>();
  });

  it("the result's actions are AgentChat's own methods, signature for signature", () => {
    expectTypeOf<UseAgentChatResult<TaskState>['addToolResult']>().toEqualTypeOf<AgentChat<TaskState>['addToolResult']>();
    expectTypeOf<UseAgentChatResult<TaskState>['resume']>().toEqualTypeOf<AgentChat<TaskState>['resume']>();
    expectTypeOf<UseAgentChatResult<TaskState>['setCustom']>().toEqualTypeOf<AgentChat<TaskState>['setCustom']>();
    expectTypeOf<UseAgentChatResult<TaskState>['setFeedback']>().toEqualTypeOf<AgentChat<TaskState>['setFeedback']>();
  });

  it('infers the state type from a shared chat, and types callbacks by it', () => {
    expectTypeOf(useAgentChat({ chat }).custom).toEqualTypeOf<TaskState | undefined>();
    useAgentChat<TaskState>({
      transport,
      onChunk: (chunk) => expectTypeOf(chunk).toEqualTypeOf<AgentChunk<TaskState>>(),
      onTurnEnd: (response) => expectTypeOf(response.custom).toEqualTypeOf<TaskState | undefined>(),
      throttle: 'frame',
    });
    useAgentChat({ transport, throttle: 50 });
    useAgentChat({ chat, throttle: false });
    // @ts-expect-error not a throttle
    useAgentChat({ transport, throttle: 'never' });
    // @ts-expect-error a chat needs its transport
    useAgentChat({ onTurnEnd: () => undefined });
  });

  it('useAgentChatSelector returns what the selector returns', () => {
    expectTypeOf(useAgentChatSelector(chat, (state) => state.custom?.tasks)).toEqualTypeOf<Task[] | undefined>();
    expectTypeOf(useAgentChatSelector(chat, (state) => state.status, (a, b) => a === b)).toEqualTypeOf<ChatState['status']>();
    expectTypeOf(useAgentChatContext<TaskState>()).toEqualTypeOf<AgentChat<TaskState>>();
  });
});
