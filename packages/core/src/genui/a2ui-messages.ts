// A2UI v0.9 (google/A2UI, specification/v0_9): the server-to-client envelope, read from untyped values.
import type { CustomPart, Part } from '../model/part.js';
import { isRecord, stringOr } from '../util/guards.js';
import { GENUI_ERROR_CODES, genUiError, type GenUiError, type GenUiErrorCode } from './genui-error.js';

/** The A2UI spec version the kit reads and writes (`version` of every envelope). */
export const A2UI_VERSION = 'v0.9';

/** One component of a surface: `{id, component: 'Text', ...its properties}` (the adjacency-list model). */
export interface A2uiComponent {
  id: string;
  component: string;
  [property: string]: unknown;
}

/** The four server-to-client messages of A2UI v0.9. */
export type A2uiServerMessage =
  | { version: typeof A2UI_VERSION; createSurface: { surfaceId: string; catalogId: string; theme?: Record<string, unknown>; sendDataModel?: boolean } }
  | { version: typeof A2UI_VERSION; updateComponents: { surfaceId: string; components: A2uiComponent[] } }
  | { version: typeof A2UI_VERSION; updateDataModel: { surfaceId: string; path?: string; value?: unknown } }
  | { version: typeof A2UI_VERSION; deleteSurface: { surfaceId: string } };

/** The canonical part that carries one A2UI message in a chat message: `{custom: {a2ui: message}}` (Genkit's custom part). */
export interface A2uiPart extends CustomPart {
  custom: { a2ui: unknown };
}

/** True for a part that carries an A2UI message (valid or not: {@link readA2uiMessage} tells). */
export function isA2uiPart(part: Part): part is A2uiPart {
  const custom = (part as Partial<CustomPart>).custom;
  return isRecord(custom) && 'a2ui' in custom;
}

/** The canonical part for one A2UI message. */
export function a2uiPart(message: unknown): A2uiPart {
  return { custom: { a2ui: message } };
}

const KINDS = ['createSurface', 'updateComponents', 'updateDataModel', 'deleteSurface'] as const;

/**
 * The message an A2UI part carries, checked against v0.9's envelope; a typed error for this part otherwise. A part may
 * carry a {@link GenUiError} instead of a message: what its protocol could not read (an AG-UI activity delta that does
 * not apply), shown as that error.
 */
export function readA2uiMessage(value: unknown, maxComponents: number): A2uiServerMessage | GenUiError {
  if (!isRecord(value)) return genUiError('malformed', 'An A2UI message must be a JSON object.');
  if (isGenUiError(value)) return genUiError(value.code, value.message, value.surfaceId);
  const kinds = KINDS.filter((kind) => kind in value);
  const kind = kinds[0];
  const body = kind === undefined ? undefined : value[kind];
  const surfaceId = isRecord(body) ? stringOr(body.surfaceId) : undefined;
  // v0.8 used other envelope keys (beginRendering, surfaceUpdate, dataModelUpdate) and no `version`.
  if (value.version !== A2UI_VERSION) {
    const version = typeof value.version === 'string' ? value.version : 'none (v0.8 or older)';
    return genUiError('unknown-version', `A2UI version ${version} is not supported; the kit renders ${A2UI_VERSION}.`, surfaceId);
  }
  if (kind === undefined || kinds.length > 1) return genUiError('malformed', 'An A2UI message must hold exactly one of createSurface, updateComponents, updateDataModel, deleteSurface.', surfaceId);
  if (!isRecord(body) || surfaceId === undefined || surfaceId === '') return genUiError('malformed', `${kind} needs a surfaceId.`, surfaceId);
  switch (kind) {
    case 'createSurface': {
      const catalogId = stringOr(body.catalogId);
      if (catalogId === undefined) return genUiError('malformed', 'createSurface needs a catalogId.', surfaceId);
      return {
        version: A2UI_VERSION,
        createSurface: {
          surfaceId,
          catalogId,
          ...(isRecord(body.theme) ? { theme: body.theme } : {}),
          // The spec's prose says `attachDataModel`, its schema and renderers `sendDataModel`: either asks for it.
          ...(body.sendDataModel === true || body.attachDataModel === true ? { sendDataModel: true } : {}),
        },
      };
    }
    case 'updateComponents': {
      if (!Array.isArray(body.components)) return genUiError('malformed', 'updateComponents needs a components list.', surfaceId);
      if (body.components.length > maxComponents) return genUiError('too-large', `A surface update may hold at most ${maxComponents} components (it has ${body.components.length}).`, surfaceId);
      const components: A2uiComponent[] = [];
      for (const component of body.components as unknown[]) {
        if (!isRecord(component) || typeof component.id !== 'string' || component.id === '' || typeof component.component !== 'string') {
          return genUiError('malformed', 'Every component needs a string id and a string component type.', surfaceId);
        }
        components.push(component as A2uiComponent);
      }
      return { version: A2UI_VERSION, updateComponents: { surfaceId, components } };
    }
    case 'updateDataModel': {
      const path = body.path === undefined ? undefined : stringOr(body.path);
      if (body.path !== undefined && (path === undefined || (path !== '' && !path.startsWith('/')))) {
        return genUiError('malformed', 'updateDataModel.path must be a JSON Pointer.', surfaceId);
      }
      return { version: A2UI_VERSION, updateDataModel: { surfaceId, ...(path !== undefined ? { path } : {}), ...('value' in body ? { value: body.value } : {}) } };
    }
    case 'deleteSurface':
      return { version: A2UI_VERSION, deleteSurface: { surfaceId } };
  }
}

/** The surface an A2UI message is about. */
export function surfaceIdOf(message: A2uiServerMessage): string {
  if ('createSurface' in message) return message.createSurface.surfaceId;
  if ('updateComponents' in message) return message.updateComponents.surfaceId;
  if ('updateDataModel' in message) return message.updateDataModel.surfaceId;
  return message.deleteSurface.surfaceId;
}

/** True for a value that reads as a GenUiError (a message that could not be read). */
export function isGenUiError(value: unknown): value is GenUiError {
  return isRecord(value) && GENUI_ERROR_CODES.includes(value.code as GenUiErrorCode) && typeof value.message === 'string' && !('version' in value)
    && (value.surfaceId === undefined || typeof value.surfaceId === 'string');
}
