import { setProjectAnnotations } from '@storybook/react';
import preview from '../../../.storybook/preview.js';

// The stories run as tests with the same decorators and parameters as in Storybook; captures replay 4× faster.
// Imported by stories.test.tsx only (not a setup file of the ui project: its other files do not pay for Storybook's
// and the preview's import).
setProjectAnnotations([preview, { initialGlobals: { theme: 'light', replay: 'fast' } }]);
