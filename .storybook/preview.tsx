import type { Decorator, Preview } from '@storybook/react-vite';
import { setReplayPace } from '../packages/ui/stories/support/genkit-captures.js';
import '../packages/ui/src/styles.css';
import './preview.css';

/**
 * Every story in a sized frame — the whole canvas, or a 390×844 phone — in the theme chosen in the toolbar, replaying
 * captures at the chosen pace. The Storybook browser check opens each story with `globals=theme:dark;device:mobile`.
 */
const withTheme: Decorator = (Story, context) => {
  const theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  const device = context.globals.device === 'mobile' ? 'mobile' : 'desktop';
  setReplayPace(context.globals.replay === 'fast' ? 0.25 : 1);
  return (
    <div className="story-frame" data-acu-theme={theme} data-device={device}>
      <Story />
    </div>
  );
};

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    theme: {
      description: 'Color theme of the components',
      toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true },
    },
    device: {
      description: 'Screen the components are shown on',
      toolbar: { title: 'Device', icon: 'mobile', items: ['desktop', 'mobile'], dynamicTitle: true },
    },
    replay: {
      description: 'Pace of the replayed Genkit captures',
      toolbar: { title: 'Replay', icon: 'timer', items: ['visible', 'fast'], dynamicTitle: true },
    },
  },
  initialGlobals: { theme: 'light', device: 'desktop', replay: 'visible' },
  parameters: {
    layout: 'fullscreen',
    // The addon's panel checks each story; the same rules run in `npm test` (packages/ui/test/axe.ts).
    a11y: { test: 'error' },
  },
};

export default preview;
