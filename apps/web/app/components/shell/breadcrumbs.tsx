import { buildBreadcrumbs, type CrumbInput } from '@ekran/core';
import { Fragment } from 'react';
import { useTranslation } from '../../lib/use-translation.ts';
import { Link, useRouteLoaderData } from 'react-router';
import { track } from '../../lib/track.ts';

/**
 * spec platform §2 Breadcrumbs: Главная first (/kids in a child profile), the last item plain text. Clicks send
 * click events (catalogue §2: block breadcrumbs, product id, element id and text); a title page passes its id.
 */
export function Breadcrumbs({ items, productId }: { items: CrumbInput[]; productId?: string }) {
  const { t } = useTranslation();
  const root = useRouteLoaderData<{ isChild?: boolean } | undefined>('root');
  const crumbs = buildBreadcrumbs(items, { isChild: root?.isChild ?? false });
  return (
    <nav className="crumbs" aria-label={t('breadcrumbs.label')}>
      <ol>
        {crumbs.map((c, i) => (
          <Fragment key={`${i}-${c.title}`}>
            <li>
              {c.link && c.url ? (
                <Link
                  to={c.url}
                  onClick={() =>
                    track({
                      block_type: 'breadcrumbs',
                      element_type: 'link',
                      element_id: c.url,
                      element_text: c.title,
                      ...(productId ? { product_id: productId } : {}),
                    })
                  }
                >
                  {c.title}
                </Link>
              ) : (
                <span aria-current={i === crumbs.length - 1 ? 'page' : undefined}>{c.title}</span>
              )}
            </li>
          </Fragment>
        ))}
      </ol>
    </nav>
  );
}
