import type { Tariff } from '@ekran/contracts';
import type { SubscribeButton } from '@ekran/core';
import { useEffect, useState } from 'react';
import { Link, useLocation } from 'react-router';
import { seedTariffs } from '../watch/playback-client.ts';
import { SubscriptionDialog } from '../watch/subscription-dialog.tsx';
import { authHref, usePlaybackGate } from '../watch/use-playback.ts';

/** Who the subscribe button is for: what the dialog and the tariff flow read of the viewer. */
export interface ArchiveViewer {
  virtual: boolean;
  email: string | null;
  phone: string | null;
  trialIsAvailable: boolean;
}

/**
 * spec catalogue §4, §6 "Subscribe button on the archive: a virtual user or a user with zero subscriptions sees it. A
 * virtual user is sent to /signup; others open the subscription dialog" (the title page's, with the tariff flow of
 * platform §4 behind its button). The text is core archiveSubscribeButton's.
 */
export function ArchiveSubscribe({ button, viewer, tariffs }: { button: SubscribeButton; viewer: ArchiveViewer; tariffs: Tariff[] | null }) {
  const location = useLocation();
  const back = `${location.pathname}${location.search}`;
  const gate = usePlaybackGate({ back });
  const [open, setOpen] = useState(false);
  // The dialog's offer reads the tariffs the page already has.
  useEffect(() => seedTariffs(tariffs), [tariffs]);
  if (button.action === 'signup') {
    return (
      <Link className="btn btn--primary archive__subscribe" to="/signup" data-testid="archive-subscribe">
        {button.text}
      </Link>
    );
  }
  return (
    <>
      <button type="button" className="btn btn--primary archive__subscribe" aria-haspopup="dialog" data-testid="archive-subscribe" onClick={() => setOpen(true)}>
        {button.text}
      </button>
      {open ? (
        <SubscriptionDialog
          viewer={{ virtual: viewer.virtual, trial_is_available: viewer.trialIsAvailable }}
          options={[]}
          authHref={authHref(back)}
          paying={gate.paying}
          onSubscribe={() => void gate.startTariffFlow({ email: viewer.email, phone: viewer.phone }, back)}
          onClose={() => setOpen(false)}
          back={back}
        />
      ) : null}
    </>
  );
}
