import type { SearchPersonRole } from '@ekran/contracts';
import type { TFunction } from 'i18next';

/** Up to two initials of a name, for the placeholder avatar of a person without a photo. */
export function initialsOf(name: string): string {
  return name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((word) => word[0]!.toUpperCase())
    .join('');
}

/**
 * What a person did, as activities rather than job titles («Роли, режиссура»): the catalogue does not know a
 * person's gender, and «актёр» for an actress would be wrong.
 */
export function rolesText(roles: readonly SearchPersonRole[], t: TFunction): string {
  const text = roles.map((role) => t(`search.roles.${role}`)).join(', ');
  return text ? text[0]!.toUpperCase() + text.slice(1) : '';
}
