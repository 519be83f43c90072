/** Why one piece of agent-sent UI cannot be shown; the rest of the message and the turn are unaffected. */
export type GenUiErrorCode =
  | 'unknown-version'
  | 'malformed'
  | 'too-large'
  | 'too-deep'
  | 'unknown-surface'
  | 'unknown-component'
  | 'not-an-app';

/** Every {@link GenUiErrorCode}. */
export const GENUI_ERROR_CODES: readonly GenUiErrorCode[] = ['unknown-version', 'malformed', 'too-large', 'too-deep', 'unknown-surface', 'unknown-component', 'not-an-app'];

/** A typed, serializable error that belongs to one part (or one surface) of agent-sent UI. */
export interface GenUiError {
  code: GenUiErrorCode;
  message: string;
  /** The surface it concerns, when one is named. */
  surfaceId?: string;
}

/** Builds a {@link GenUiError}. */
export function genUiError(code: GenUiErrorCode, message: string, surfaceId?: string): GenUiError {
  return surfaceId === undefined ? { code, message } : { code, message, surfaceId };
}
