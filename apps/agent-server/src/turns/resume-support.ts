/**
 * Shared by the app's resume tests: the scripted model's long story, and the package's readers of a turn's SSE frames
 * (some, then disconnecting) and of each protocol's text (packages/server/src/turns/turn-test-support.ts, one copy).
 */
import { STORY_TEXT } from '../agent/scripted-replies.js';

export { STORY_TEXT };
export {
  aguiEvents, aguiText, aiSdkChunks, aiSdkText, genkitText, idsOf, range, readFrames, type ReadFrame,
} from '../../../../packages/server/src/turns/turn-test-support.js';
