import { showsProgressBar } from '@ekran/core';
import { useTranslation } from '../../lib/use-translation.ts';
import { useNavigation } from 'react-router';

/** spec platform §2: a progress bar shows during navigation, except for search. */
export function ProgressBar() {
  const navigation = useNavigation();
  const { t } = useTranslation();
  const active = navigation.state !== 'idle' && navigation.location !== undefined && showsProgressBar(navigation.location.pathname);
  return (
    <div className={`progress${active ? ' progress--active' : ''}`} role="progressbar" aria-label={t('progress')} aria-hidden={!active} aria-busy={active}>
      <div className="progress__bar" />
    </div>
  );
}
