import { setProjectAnnotations } from '@storybook/react';
import preview from '../../../.storybook/preview.js';

// The stories run as tests with the same decorators and parameters as in Storybook; captures replay 4× faster.
setProjectAnnotations([preview, { initialGlobals: { theme: 'light', replay: 'fast' } }]);
