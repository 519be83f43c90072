import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { nextTheme, THEME_NAMES, themeIcon, type DemoTheme } from './demo-theme.js';
import { Icon } from './icons.js';

/**
 * The header's menu for what a user seldom needs (a disclosure, not an ARIA menu: it holds selects and links as well as
 * buttons). It opens with focus on its first control; Escape, a click outside or focus leaving it closes it, and so
 * does an item marked `data-menu-close` when chosen, with focus back on the menu's button.
 */
export function HeaderMenu({ label, children }: { label: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const panelId = useId();
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  useEffect(() => {
    if (!open) return;
    root.current?.querySelector<HTMLElement>('.header-menu__panel :is(button, select, a)')?.focus();
    const onPointer = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setOpen(false);
      button.current?.focus();
    };
    document.addEventListener('pointerdown', onPointer);
    document.addEventListener('keydown', onKey);
    return () => {
      document.removeEventListener('pointerdown', onPointer);
      document.removeEventListener('keydown', onKey);
    };
  }, [open]);
  return (
    <div
      className="header-menu"
      ref={root}
      onBlur={(event) => {
        // Tabbing out of the menu closes it (focus moving inside keeps it open).
        if (open && event.relatedTarget && !root.current?.contains(event.relatedTarget as Node)) setOpen(false);
      }}
    >
      <button ref={button} type="button" className="toolbar-button" aria-expanded={open} aria-controls={panelId} onClick={() => setOpen(!open)}>
        <Icon name="more" />
        <span className="toolbar-text">{label}</span>
      </button>
      {/* The items handle their own clicks (Enter and Space click a button too): here a chosen item closes the menu. */}
      <div id={panelId} className="header-menu__panel" role="group" aria-label={label} hidden={!open} onClick={(event) => {
        if ((event.target as Element).closest('[data-menu-close]')) close();
      }}>
        {children}
      </div>
    </div>
  );
}

/** The menu's theme item: shows the theme in force and moves to the next one. */
export function ThemeMenuItem({ theme, onChange }: { theme: DemoTheme; onChange: (theme: DemoTheme) => void }) {
  return (
    <button type="button" className="menu-item" onClick={() => onChange(nextTheme(theme))}>
      <Icon name={themeIcon(theme)} />
      Theme: {THEME_NAMES[theme]}
    </button>
  );
}
