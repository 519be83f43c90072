import { useCallback, useEffect, useRef, useState } from 'react';
import type { AgentChatLabels } from '../labels/labels.js';

/** What the composer accepts as attachments, and where their bytes go. */
export interface ComposerAttachmentOptions {
  /** Which files may be attached, as an `<input accept>` list of MIME types (`image/*`) and extensions (`.pdf`). */
  accept?: string;
  /** The largest file, in bytes. Default 5 MiB. */
  maxFileSize?: number;
  /** The most files one message can carry. Default 10. */
  maxFiles?: number;
  /**
   * Stores a file and gives the URL the message carries instead of the bytes (object storage, your own upload route).
   * Without it, a file travels inline as a `data:` URL in every request that sends the conversation.
   */
  uploadFile?: (file: File) => Promise<string>;
}

/** Images, PDF and plain-text formats: what chat models commonly read. */
export const DEFAULT_ACCEPT = 'image/*,application/pdf,text/plain,text/markdown,text/csv,application/json';
export const DEFAULT_MAX_FILE_SIZE = 5 * 1024 * 1024;
export const DEFAULT_MAX_FILES = 10;

/** A file waiting in the composer: its id, and an object URL to preview it when it is an image. */
export interface PendingAttachment {
  id: string;
  file: File;
  previewUrl?: string;
}

/** Whether `file` matches an `<input accept>` list (exact types, `type/*` wildcards, `.ext` suffixes; empty: anything). */
export function acceptsFile(file: Pick<File, 'name' | 'type'>, accept: string): boolean {
  const entries = accept.split(',').map((entry) => entry.trim().toLowerCase()).filter(Boolean);
  if (entries.length === 0) return true;
  const type = file.type.toLowerCase();
  const name = file.name.toLowerCase();
  return entries.some((entry) => {
    if (entry.startsWith('.')) return name.endsWith(entry);
    if (entry.endsWith('/*')) return type.startsWith(entry.slice(0, -1));
    return type === entry;
  });
}

const canPreview = () => typeof URL !== 'undefined' && typeof URL.createObjectURL === 'function';

let nextId = 0;

/**
 * The composer's pending files: `add` checks each against the limits (the problems become one `error` message, the
 * files that pass are kept), `remove` and `clear` let go of their previews.
 */
export function useComposerAttachments(options: ComposerAttachmentOptions, labels: AgentChatLabels) {
  const { accept = DEFAULT_ACCEPT, maxFileSize = DEFAULT_MAX_FILE_SIZE, maxFiles = DEFAULT_MAX_FILES } = options;
  const [items, setItems] = useState<PendingAttachment[]>([]);
  const [error, setError] = useState<string | null>(null);
  // The items as last rendered, for the limits and for letting go of previews at unmount.
  const current = useRef(items);
  useEffect(() => {
    current.current = items;
  }, [items]);
  useEffect(() => () => current.current.forEach(release), []);

  const add = useCallback((files: Iterable<File>) => {
    const problems: string[] = [];
    const accepted: PendingAttachment[] = [];
    let room = maxFiles - current.current.length;
    for (const file of files) {
      if (!acceptsFile(file, accept)) problems.push(labels.attachmentWrongType(file.name));
      else if (file.size > maxFileSize) problems.push(labels.attachmentTooLarge(file.name, labels.fileSize(maxFileSize)));
      else if (room <= 0) {
        if (!problems.includes(labels.tooManyAttachments(maxFiles))) problems.push(labels.tooManyAttachments(maxFiles));
      } else {
        room--;
        const previewUrl = file.type.startsWith('image/') && canPreview() ? URL.createObjectURL(file) : undefined;
        accepted.push({ id: `attachment-${++nextId}`, file, ...(previewUrl ? { previewUrl } : {}) });
      }
    }
    if (accepted.length > 0) setItems((previous) => [...previous, ...accepted]);
    setError(problems.length > 0 ? problems.join(' ') : null);
  }, [accept, maxFileSize, maxFiles, labels]);

  const remove = useCallback((id: string) => {
    setItems((previous) => {
      previous.filter((item) => item.id === id).forEach(release);
      return previous.filter((item) => item.id !== id);
    });
    setError(null);
  }, []);

  const clear = useCallback(() => {
    current.current.forEach(release);
    setItems([]);
    setError(null);
  }, []);

  return { items, error, setError, add, remove, clear, accept };
}

function release(item: PendingAttachment): void {
  if (item.previewUrl) URL.revokeObjectURL(item.previewUrl);
}
