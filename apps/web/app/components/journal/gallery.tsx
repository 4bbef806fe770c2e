import type { GalleryImage } from '@ekran/contracts';
import type { TFunction } from 'i18next';
import { lazy, Suspense, useRef, useState } from 'react';
import { Poster } from '../ui/poster.tsx';

// The viewer (Radix's dialog: focus trap, Escape, scroll lock) is a chunk that loads when a picture is first
// opened, like the site's other dialogs (components/ui/modal.tsx, decision 046).
const GalleryViewer = lazy(() => import('./gallery-viewer.tsx'));

/**
 * A gallery of an article (::gallery[…]{caption}): its pictures as buttons that open the viewer at that picture. Each
 * button names the picture by its alt text and place, so a screen reader knows what it opens.
 */
export function Gallery({ images, caption, t }: { images: GalleryImage[]; caption: string; t: TFunction }) {
  const [open, setOpen] = useState<number | null>(null);
  // The picture that opened the viewer takes the focus back when it closes.
  const opener = useRef<HTMLButtonElement | null>(null);
  const many = images.length > 1;
  return (
    <figure className={`gallery${many ? '' : ' gallery--single'}`} data-testid="gallery">
      <ul className="gallery__grid">
        {images.map((img, i) => (
          <li key={`${img.image.url}-${i}`}>
            <button
              type="button"
              className="gallery__thumb"
              aria-haspopup="dialog"
              aria-label={t('journal.gallery.open', { n: i + 1, total: images.length, alt: img.alt })}
              onClick={(event) => {
                opener.current = event.currentTarget;
                setOpen(i);
              }}
            >
              <Poster image={img.image} orientation="horizontal" width={many ? 360 : 760} sizes={many ? '(max-width: 567px) 45vw, 240px' : '(max-width: 767px) calc(100vw - 32px), 720px'} />
            </button>
          </li>
        ))}
      </ul>
      {caption ? <figcaption className="gallery__caption">{caption}</figcaption> : null}
      {open !== null ? (
        <Suspense fallback={null}>
          <GalleryViewer images={images} caption={caption} start={open} onClose={() => setOpen(null)} returnFocus={() => opener.current?.focus()} />
        </Suspense>
      ) : null}
    </figure>
  );
}
