import { useTranslation } from '../../lib/use-translation.ts';

/** A small notice while the video is being found. */
export function BannerLoading() {
  const { t } = useTranslation();
  return (
    <div className="banner-loading" role="status">
      <span className="spinner spinner--sm" aria-hidden="true" />
      {t('banners.loading')}
    </div>
  );
}
