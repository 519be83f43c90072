import type { SVGProps } from 'react';

// The composer's icons: decorative (the buttons are named by their labels), drawn in the text colour.
const base: SVGProps<SVGSVGElement> = {
  'aria-hidden': true,
  focusable: false,
  viewBox: '0 0 24 24',
  width: 18,
  height: 18,
  fill: 'none',
  stroke: 'currentColor',
  strokeWidth: 2,
  strokeLinecap: 'round',
  strokeLinejoin: 'round',
};

/** An arrow pointing up: send. */
export const SendIcon = () => (
  <svg {...base}>
    <path d="M12 19V5M5 12l7-7 7 7" />
  </svg>
);

/** A filled square: stop. */
export const StopIcon = () => (
  <svg {...base}>
    <rect x="6" y="6" width="12" height="12" rx="2" fill="currentColor" />
  </svg>
);

/** A paper clip: attach files. */
export const AttachIcon = () => (
  <svg {...base}>
    <path d="M21 11.5l-8.6 8.6a5 5 0 0 1-7.1-7.1l8.6-8.6a3.3 3.3 0 0 1 4.7 4.7l-8.6 8.6a1.7 1.7 0 0 1-2.4-2.4l7.9-7.9" />
  </svg>
);

/** A page with a folded corner: a file that is not an image. */
export const FileIcon = () => (
  <svg {...base}>
    <path d="M14 3H7a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h10a2 2 0 0 0 2-2V8z" />
    <path d="M14 3v5h5" />
  </svg>
);

/** A cross: remove. */
export const RemoveIcon = () => (
  <svg {...base} width={14} height={14}>
    <path d="M6 6l12 12M18 6L6 18" />
  </svg>
);
