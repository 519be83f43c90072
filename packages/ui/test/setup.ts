import { setProjectAnnotations } from '@storybook/react';
import preview from '../../../.storybook/preview.js';

// The stories run as tests with the same decorators and parameters as in Storybook.
setProjectAnnotations([preview]);
