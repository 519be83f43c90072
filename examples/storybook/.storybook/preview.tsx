// .storybook/preview.tsx
import type { Decorator, Preview } from '@storybook/react-vite';
import { replayGlobalTypes } from '@agent-chat/testing/react';
import '@agent-chat/ui/styles.css';

const withTheme: Decorator = (Story, context) => (
  <div data-acu-theme={context.globals.theme === 'dark' ? 'dark' : 'light'} style={{ height: '100vh' }}>
    <Story />
  </div>
);

const preview: Preview = {
  decorators: [withTheme],
  globalTypes: {
    theme: { description: 'Color theme', toolbar: { title: 'Theme', icon: 'mirror', items: ['light', 'dark'], dynamicTitle: true } },
    ...replayGlobalTypes,
  },
  initialGlobals: { theme: 'light', replaySpeed: '1', replayFault: 'none' },
};
export default preview;
