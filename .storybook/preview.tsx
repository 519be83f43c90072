import type { Decorator, Preview } from '@storybook/react-vite';
import '../packages/ui/src/styles.css';
import './preview.css';

/** Every story in a sized frame, in the theme chosen in the toolbar. */
const withTheme: Decorator = (Story, context) => {
  const theme = context.globals.theme === 'dark' ? 'dark' : 'light';
  return (
    <div className="story-frame" data-acu-theme={theme}>
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
  },
  initialGlobals: { theme: 'light' },
  parameters: {
    layout: 'fullscreen',
    // The addon's panel checks each story; the same rules run in `npm test` (packages/ui/test/axe.ts).
    a11y: { test: 'error' },
  },
};

export default preview;
