import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';

/** A centred dialog (Radix): title, optional lead, content; closes on Esc, the overlay and the cross. */
export function Modal({
  title,
  lead,
  onClose,
  children,
  size = 'md',
  testId,
  dismissible = true,
}: {
  title: string;
  lead?: React.ReactNode;
  onClose: () => void;
  children: React.ReactNode;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
  /** A popup that must be answered (the PIN check) still closes, but not by a stray click on the overlay. */
  dismissible?: boolean;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content
          className={`modal modal--${size}`}
          data-testid={testId}
          aria-describedby={lead ? 'modal-lead' : undefined}
          onPointerDownOutside={dismissible ? undefined : (e) => e.preventDefault()}
        >
          <Dialog.Title className="modal__title">{title}</Dialog.Title>
          {lead ? (
            <Dialog.Description id="modal-lead" className="modal__lead">
              {lead}
            </Dialog.Description>
          ) : null}
          {children}
          {/* Last in the tab order, so the dialog's first field gets the focus; drawn in the corner. */}
          <Dialog.Close className="modal__close" aria-label={t('profiles.form.close')}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Dialog.Close>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
