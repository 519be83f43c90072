import { createContext, useContext } from 'react';

/**
 * Why the last answer to the pending interrupts did not go through (the turn that carried it failed, so the core put
 * the questions back), or null: a waiting tool row says so beside its question. Provided by `MessageList`.
 */
export const AnswerFailureContext = createContext<string | null>(null);

/** The failure of the last answer to the pending interrupts, or null (see {@link AnswerFailureContext}). */
export const useAnswerFailure = (): string | null => useContext(AnswerFailureContext);
