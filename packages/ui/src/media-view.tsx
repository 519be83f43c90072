import type { Media } from '@agent-chat/core';
import type { HTMLAttributes } from 'react';
import { cx } from './class-names.js';
import { RemoteMediaGate } from './media-policy.js';
import { safeMediaUrl } from './safe-url.js';

/** Props of {@link MediaView}. */
export interface MediaViewProps extends HTMLAttributes<HTMLElement> {
  media: Media;
  /** Alternative text for images. Default: "Image" or the file name from the URL. */
  alt?: string;
}

function kindOf(media: Media): 'image' | 'audio' | 'video' | 'file' {
  const type = (media.contentType ?? /^data:([^;,]+)/i.exec(media.url)?.[1] ?? '').toLowerCase();
  const kind = /^(image|audio|video)\//.exec(type)?.[1] as 'image' | 'audio' | 'video' | undefined;
  return kind ?? (!type && /\.(png|jpe?g|gif|webp|avif|svg)(\?|#|$)/i.test(media.url) ? 'image' : 'file');
}

function fileName(url: string): string {
  if (url.startsWith('data:')) return 'attachment';
  const last = url.split(/[?#]/)[0]!.split('/').pop() || 'attachment';
  try {
    return decodeURIComponent(last);
  } catch {
    return last;
  }
}

/**
 * An image, audio or video player, or a link to a file; URLs that are not http(s), blob or media `data:` are not
 * rendered, and media from another origin than the page's waits for a click unless `allowedImageOrigins` lists it.
 */
export function MediaView({ media, alt, className, ...rest }: MediaViewProps) {
  const src = safeMediaUrl(media.url);
  const kind = kindOf(media);
  const props = { ...rest, className: cx('acu-media', className), 'data-state': src ? kind : 'blocked' };
  if (!src) return <span {...props}>[{media.contentType ?? 'media'} not shown: unsupported URL]</span>;
  if (kind === 'image') {
    const label = alt ?? fileName(media.url);
    return (
      <RemoteMediaGate src={src} kind="image" label={label}>
        {() => <img {...props} src={src} alt={label} loading="lazy" referrerPolicy="no-referrer" />}
      </RemoteMediaGate>
    );
  }
  if (kind !== 'file') {
    return (
      <RemoteMediaGate src={src} kind={kind} label={fileName(media.url)}>
        {() => (kind === 'audio' ? <audio {...props} src={src} controls /> : <video {...props} src={src} controls />)}
      </RemoteMediaGate>
    );
  }
  if (src.startsWith('data:')) return <span {...props}>{media.contentType ?? 'attachment'}</span>;
  return (
    <a {...props} href={src} target="_blank" rel="noopener noreferrer" referrerPolicy="no-referrer" download>
      {fileName(media.url)}
    </a>
  );
}
