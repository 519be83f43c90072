/** The demo's color theme: the system's, or forced light or dark (`data-acu-theme` on <html>, kept in localStorage). */
export type DemoTheme = 'system' | 'light' | 'dark';

const THEME_KEY = 'agent-chat-demo:theme';
export const THEMES: readonly DemoTheme[] = ['system', 'light', 'dark'];
/** Each theme's name in the page's controls. */
export const THEME_NAMES: Record<DemoTheme, string> = { system: 'System', light: 'Light', dark: 'Dark' };
/** Each theme's icon. */
export const themeIcon = (theme: DemoTheme) => (theme === 'dark' ? 'moon' : theme === 'light' ? 'sun' : 'system');

export function readTheme(): DemoTheme {
  try {
    const saved = localStorage.getItem(THEME_KEY);
    return saved === 'light' || saved === 'dark' ? saved : 'system';
  } catch {
    return 'system';
  }
}

/** Applies a theme to the page and remembers it. */
export function applyTheme(theme: DemoTheme): void {
  const root = document.documentElement;
  if (theme === 'system') delete root.dataset.acuTheme;
  else root.dataset.acuTheme = theme;
  try {
    if (theme === 'system') localStorage.removeItem(THEME_KEY);
    else localStorage.setItem(THEME_KEY, theme);
  } catch {
    // Storage may be unavailable (private mode): the theme still applies to this page.
  }
}

/** The theme after `theme` in the toggle's cycle. */
export const nextTheme = (theme: DemoTheme): DemoTheme => THEMES[(THEMES.indexOf(theme) + 1) % THEMES.length]!;
