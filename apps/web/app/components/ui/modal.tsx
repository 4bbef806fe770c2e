import { lazy, Suspense } from 'react';
import type { ModalProps } from './modal-dialog.tsx';
import './modal.css';

export type { ModalProps };

// Radix's dialog (focus trap, scroll lock, portal) is a chunk that loads when a dialog first opens: no page shows one
// at first paint, and its content never renders on the server (a portal), so a page's first JavaScript goes without
// it (decision 046).
const ModalDialog = lazy(() => import('./modal-dialog.tsx'));

/**
 * The site's one dialog (Radix: focus trap, Escape, aria): a title, an optional lead, the content and a close
 * cross in the corner. Profiles, the parental PIN, devices and the account pages all use it. A closed one renders
 * nothing (it has no closing animation to wait for).
 */
export function Modal({ open = true, ...props }: ModalProps) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <ModalDialog {...props} />
    </Suspense>
  );
}
