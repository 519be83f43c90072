// .storybook/main.ts
import type { StorybookConfig } from '@storybook/react-vite';

const config: StorybookConfig = {
  stories: ['../src/**/*.stories.@(ts|tsx)'],
  framework: { name: '@storybook/react-vite', options: {} },
  // ./recordings/*.json, served at recordings/… next to iframe.html (also under a sub-path deploy).
  staticDirs: [{ from: '../recordings', to: '/recordings' }],
};
export default config;
