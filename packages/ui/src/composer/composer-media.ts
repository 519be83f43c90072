import type { MediaPart } from '@agent-chat/core';

// What sending attachments needs (their bytes read or uploaded): a chunk of its own, loaded by the first send that
// carries files (composer.tsx), not by every page that shows a composer.

/** The file as a `data:` URL. */
export function readAsDataUrl(file: Blob): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The file could not be read.'));
    reader.readAsDataURL(file);
  });
}

/** A file as the media part a message carries: its URL (uploaded, or inline), its type, and its name in the metadata. */
export async function toMediaPart(file: File, uploadFile?: (file: File) => Promise<string>): Promise<MediaPart> {
  const url = uploadFile ? await uploadFile(file) : await readAsDataUrl(file);
  return { media: { url, contentType: file.type || 'application/octet-stream' }, metadata: { filename: file.name } };
}
