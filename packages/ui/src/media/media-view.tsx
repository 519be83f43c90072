import type { Media } from '@agent-chat/core';
import type { HTMLAttributes } from 'react';
import { cx } from '../util/class-names.js';
import { ImageZoom } from './image-zoom.js';
import { useLabels } from '../labels/labels.js';
import { RemoteMediaGate } from './media-policy.js';
import { safeMediaUrl } from './safe-url.js';

/** Props of {@link MediaView}. */
export interface MediaViewProps extends HTMLAttributes<HTMLElement> {
  media: Media;
  /** Alternative text for images. Default: the file's `name`, else the file name from the URL. */
  alt?: string;
  /** The file's name, e.g. an attachment's (a media part's `metadata.filename`). */
  name?: string;
  /** An image shows as a thumbnail that opens full size (as in a message). */
  zoom?: boolean;
}

function kindOf(media: Media): 'image' | 'audio' | 'video' | 'file' {
  const type = (media.contentType ?? /^data:([^;,]+)/i.exec(media.url)?.[1] ?? '').toLowerCase();
  const kind = /^(image|audio|video)\//.exec(type)?.[1] as 'image' | 'audio' | 'video' | undefined;
  return kind ?? (!type && /\.(png|jpe?g|gif|webp|avif|svg)(\?|#|$)/i.test(media.url) ? 'image' : 'file');
}

/** The size of a base64 `data:` URL's bytes (null for any other URL). */
function dataUrlBytes(url: string): number | null {
  const base64 = /^data:[^,]*;base64,(.*)$/s.exec(url)?.[1];
  if (base64 === undefined) return null;
  const padding = base64.endsWith('==') ? 2 : base64.endsWith('=') ? 1 : 0;
  return Math.floor((base64.length * 3) / 4) - padding;
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
export function MediaView({ media, alt, name, zoom = false, className, ...rest }: MediaViewProps) {
  const src = safeMediaUrl(media.url);
  const kind = kindOf(media);
  const labels = useLabels();
  const inlineFile = kind === 'file' && /^data:/i.test(media.url.trim());
  const props = { ...rest, className: cx('acu-media', className), 'data-kind': kind, 'data-state': src || inlineFile ? 'ready' : 'blocked' };
  if (inlineFile) {
    // A file sent inline (an attachment): its name, type and size; its bytes are not offered as a link.
    const bytes = dataUrlBytes(media.url);
    return (
      <span {...props}>
        <span className="acu-media__name">{name ?? media.contentType ?? 'attachment'}</span>
        <span className="acu-media__detail">{[name ? media.contentType : undefined, bytes !== null ? labels.fileSize(bytes) : undefined].filter(Boolean).join(' · ')}</span>
      </span>
    );
  }
  if (!src) return <span {...props}>[{media.contentType ?? 'media'} not shown: unsupported URL]</span>;
  if (kind === 'image') {
    const label = alt ?? name ?? fileName(media.url);
    return (
      <RemoteMediaGate src={src} kind="image" label={label}>
        {() => {
          const image = <img {...props} src={src} alt={label} loading="lazy" referrerPolicy="no-referrer" />;
          return zoom ? <ImageZoom src={src} label={label}>{image}</ImageZoom> : image;
        }}
      </RemoteMediaGate>
    );
  }
  if (kind !== 'file') {
    return (
      <RemoteMediaGate src={src} kind={kind} label={name ?? fileName(media.url)}>
        {() => (kind === 'audio' ? <audio {...props} src={src} controls /> : <video {...props} src={src} controls />)}
      </RemoteMediaGate>
    );
  }
  return (
    <a {...props} href={src} target="_blank" rel="noopener noreferrer" referrerPolicy="no-referrer" download={name ?? true}>
      {name ?? fileName(media.url)}
    </a>
  );
}
