// Breadcrumbs: spec platform §2 (rules of the shell) and catalogue §2 (breadcrumb bar).

import { KIDS_PATH } from './constants.ts';

/** Title of the first breadcrumb (platform §2). */
export const HOME_CRUMB_TITLE = 'Главная';

/** A breadcrumb as given by a page: a title and, when it has one, a URL. */
export interface CrumbInput {
  title: string;
  url?: string | undefined;
}

/** A breadcrumb ready to render: link says whether it is a link or plain text. */
export interface Crumb {
  title: string;
  url?: string;
  link: boolean;
}

// spec platform §2: "the first item is Главная linking to / (or /kids in a child profile), then
// the given items. The last item is plain text, and non-last items without a link are plain
// text." With no items, Главная is itself the last item and so plain text.
/** The breadcrumb bar: Главная (/ or /kids), then the items; the last and URL-less items are plain text (platform §2). */
export function buildBreadcrumbs(items: readonly CrumbInput[], { isChild }: { isChild: boolean }): Crumb[] {
  const all: CrumbInput[] = [{ title: HOME_CRUMB_TITLE, url: isChild ? KIDS_PATH : '/' }, ...items];
  return all.map(({ title, url }, i) => {
    const crumb: Crumb = { title, link: Boolean(url) && i < all.length - 1 };
    if (url) crumb.url = url;
    return crumb;
  });
}
