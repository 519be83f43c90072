// `@agent-chat/ui/inspector`: the developer panel, in its own entry so that apps without it do not ship it.
export { TurnInspector, type TurnInspectorProps } from './inspector/turn-inspector.js';
export { createTimelineRecorder, type TimelineEntry, type TimelineKind, type TurnTimeline } from './inspector/turn-timeline.js';
export { diffCustom, type CustomChange } from './artifacts/custom-diff.js';
