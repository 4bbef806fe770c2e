import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import './devices.css';

/** A centred dialog (Radix: focus trap, Escape, aria) with a title, a lead and a close button. */
export function Modal({
  open,
  onOpenChange,
  title,
  lead,
  children,
  testId,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  title: string;
  lead: React.ReactNode;
  children?: React.ReactNode;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className="modal__overlay" />
        <Dialog.Content
          className="modal"
          data-testid={testId}
          // The dialog itself takes focus (its title is read out), not the close button in the corner.
          onOpenAutoFocus={(event) => {
            event.preventDefault();
            (event.currentTarget as HTMLElement | null)?.focus();
          }}
        >
          <Dialog.Close className="modal__close" aria-label={t('devices.close')}>
            <svg viewBox="0 0 24 24" aria-hidden="true">
              <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" strokeLinecap="round" />
            </svg>
          </Dialog.Close>
          <Dialog.Title className="modal__title">{title}</Dialog.Title>
          <Dialog.Description className="modal__lead">{lead}</Dialog.Description>
          {children}
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
