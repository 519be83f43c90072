import { useRef, type ReactNode } from 'react';
import { useLabels } from '../labels/labels.js';

/**
 * A thumbnail that opens its image full size: a button around it shows a modal `<dialog>` with the whole image
 * (Escape, the Close button or a click outside closes it, and focus returns to the thumbnail).
 */
export function ImageZoom({ src, label, children }: { src: string; label: string; children: ReactNode }) {
  const labels = useLabels();
  const dialog = useRef<HTMLDialogElement>(null);
  const open = () => {
    const element = dialog.current;
    if (element?.showModal) element.showModal();
    else element?.setAttribute('open', '');
  };
  const close = () => dialog.current?.close?.();
  return (
    <>
      <button type="button" className="acu-media__zoom" aria-label={labels.openImage(label)} aria-haspopup="dialog" onClick={open}>
        {children}
      </button>
      <dialog
        ref={dialog}
        className="acu-image-dialog"
        aria-label={label}
        onClick={(event) => {
          if (event.target === event.currentTarget) close();
        }}
      >
        <img className="acu-image-dialog__image" src={src} alt={label} referrerPolicy="no-referrer" />
        <button type="button" className="acu-image-dialog__close" onClick={close}>{labels.closeImage}</button>
      </dialog>
    </>
  );
}
