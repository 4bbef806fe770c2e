import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from '../../lib/use-translation.ts';

/** What a Modal takes (modal.tsx). */
export interface ModalProps {
  open?: boolean;
  onClose: () => void;
  title: string;
  lead?: React.ReactNode;
  children?: React.ReactNode;
  size?: 'sm' | 'md' | 'lg';
  testId?: string;
  /** A popup that must be answered (the PIN check) still closes, but not by a stray click on the overlay. */
  dismissible?: boolean;
  /**
   * first: the dialog's first field takes the focus (forms). dialog: the dialog itself does, so its title is
   * read out and no button is pressed by a stray Enter (a list of devices to disconnect).
   */
  focus?: 'first' | 'dialog';
}

/** The open dialog of Modal (modal.tsx), a chunk of its own with Radix. */
export default function ModalDialog({
  onClose,
  title,
  lead,
  children,
  size = 'md',
  testId,
  dismissible = true,
  focus = 'first',
}: Omit<ModalProps, 'open'>) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open onOpenChange={(next) => !next && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content
          className={`modal modal--${size}`}
          data-testid={testId}
          aria-describedby={lead ? 'modal-lead' : undefined}
          onPointerDownOutside={dismissible ? undefined : (e) => e.preventDefault()}
          onOpenAutoFocus={
            focus === 'dialog'
              ? (event) => {
                  event.preventDefault();
                  (event.currentTarget as HTMLElement | null)?.focus();
                }
              : undefined
          }
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
