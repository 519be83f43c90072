import { fileURLToPath } from 'node:url';
import type { StorybookConfig } from '@storybook/react-vite';
import { protocolAliases } from '../scripts/protocol-aliases.mjs';

const path = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

const config: StorybookConfig = {
  stories: ['../packages/ui/stories/**/*.stories.@(ts|tsx)'],
  addons: ['@storybook/addon-a11y'],
  // The kept recordings, for stories that load one by URL (recordingLoader('recordings/…'), as the testing README shows).
  staticDirs: [{ from: '../packages/testing/recordings', to: '/recordings' }],
  framework: { name: '@storybook/react-vite', options: {} },
  core: { disableTelemetry: true, disableWhatsNewNotifications: true },
  // No autodocs here: skipping docgen keeps the build fast.
  typescript: { reactDocgen: false },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    const { default: react } = await import('@vitejs/plugin-react');
    return mergeConfig(viteConfig, {
      plugins: [react()],
      resolve: {
        // The workspace packages from source: no build needed before `npm run storybook`.
        // Exact matches, so that '@agent-chat/ui' does not also rewrite '@agent-chat/ui/inspector'.
        alias: [
          { find: /^@agent-chat\/core$/, replacement: path('../packages/core/src/index.ts') },
          { find: /^@agent-chat\/core\/wire$/, replacement: path('../packages/core/src/wire-entry.ts') },
          { find: /^@agent-chat\/core\/binding$/, replacement: path('../packages/core/src/binding.ts') },
          { find: /^@agent-chat\/core\/threads$/, replacement: path('../packages/core/src/threads/index.ts') },
          ...protocolAliases(path('..')),
          { find: /^@agent-chat\/react$/, replacement: path('../packages/react/src/index.ts') },
          { find: /^@agent-chat\/ui$/, replacement: path('../packages/ui/src/index.ts') },
          { find: /^@agent-chat\/ui\/inspector$/, replacement: path('../packages/ui/src/inspector.ts') },
          { find: /^@agent-chat\/testing$/, replacement: path('../packages/testing/src/index.ts') },
          { find: /^@agent-chat\/testing\/react$/, replacement: path('../packages/testing/src/react/index.ts') },
          { find: /^@agent-chat\/testing\/recordings\/(.+\.json)$/, replacement: path('../packages/testing/recordings/$1') },
        ],
      },
    });
  },
};

export default config;
