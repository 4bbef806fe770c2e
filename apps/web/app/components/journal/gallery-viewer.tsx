import type { GalleryImage } from '@ekran/contracts';
import * as Dialog from '@radix-ui/react-dialog';
import { useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Poster } from '../ui/poster.tsx';

/**
 * The gallery's viewer: one picture at a time with its alt text, arrows (buttons and the arrow keys) to the
 * previous and next, and a close button; Escape closes it and the focus goes back to the picture that opened it
 * (returnFocus; Radix's dialog traps the focus meanwhile).
 */
export default function GalleryViewer({ images, caption, start, onClose, returnFocus }: { images: GalleryImage[]; caption: string; start: number; onClose: () => void; returnFocus: () => void }) {
  const { t } = useTranslation();
  const [index, setIndex] = useState(start);
  const closeRef = useRef<HTMLButtonElement>(null);
  const total = images.length;
  const current = images[index] ?? images[0]!;
  const go = (step: number) => setIndex((i) => (i + step + total) % total);
  const handleKeyDown = (event: KeyboardEvent) => {
    if (total < 2) return;
    if (event.key === 'ArrowLeft') {
      event.preventDefault();
      go(-1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      go(1);
    }
  };
  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="gallery-viewer__overlay" />
        <Dialog.Content
          className="gallery-viewer"
          onKeyDown={handleKeyDown}
          aria-describedby="gallery-viewer-hint"
          data-testid="gallery-viewer"
          // Without a Radix trigger the dialog would leave the focus nowhere: it goes back to the picture that opened it.
          // The focus starts on the close button, not on «Предыдущее фото» (the first control): the arrow keys page.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            closeRef.current?.focus();
          }}
          onCloseAutoFocus={(event) => {
            event.preventDefault();
            returnFocus();
          }}
        >
          <Dialog.Title className="gallery-viewer__title">{caption ? t('journal.gallery.label', { caption }) : t('journal.gallery.labelPlain')}</Dialog.Title>
          <Dialog.Description id="gallery-viewer-hint" className="sr-only">
            {t('journal.gallery.hint')}
          </Dialog.Description>
          <figure className="gallery-viewer__figure">
            <Poster key={current.image.url + index} image={current.image} orientation="horizontal" width={1280} sizes="min(100vw - 32px, 1280px)" alt={current.alt} priority />
            <figcaption className="gallery-viewer__alt">
              <span aria-live="polite">{t('journal.gallery.position', { n: index + 1, total })}</span>
              {current.alt ? <span> · {current.alt}</span> : null}
            </figcaption>
          </figure>
          {total > 1 ? (
            <>
              <button type="button" className="gallery-viewer__nav gallery-viewer__nav--prev" aria-label={t('journal.gallery.prev')} onClick={() => go(-1)}>
                <svg viewBox="0 0 24 24" aria-hidden="true" width="24" height="24">
                  <path d="M15 5l-7 7 7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
              <button type="button" className="gallery-viewer__nav gallery-viewer__nav--next" aria-label={t('journal.gallery.next')} onClick={() => go(1)}>
                <svg viewBox="0 0 24 24" aria-hidden="true" width="24" height="24">
                  <path d="M9 5l7 7-7 7" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round" />
                </svg>
              </button>
            </>
          ) : null}
          <Dialog.Close ref={closeRef} className="gallery-viewer__close" aria-label={t('journal.gallery.close')}>
            <svg viewBox="0 0 24 24" aria-hidden="true" width="22" height="22">
              <path d="M6 6l12 12M18 6L6 18" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" />
            </svg>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
