import type { HighlightedToken } from '../markdown/code-highlighting.js';
import type { GrammarName } from './languages.js';

/** A block for the highlighter's worker. */
export interface HighlightRequest {
  id: number;
  grammar: GrammarName;
  code: string;
}

/** The worker's answer: the block's lines of tokens, or why it could not. */
export type HighlightAnswer = { id: number; lines: HighlightedToken[][] } | { id: number; error: string };
