import { useRouteLoaderData } from 'react-router';

/** What the root loader tells about the visitor that personal lists need. */
interface RootLike {
  isVirtual?: boolean;
  isChild?: boolean;
  profiles?: { currentProfileId?: string } | null;
}

/** The visitor as personal lists see it: anonymous or not, and the current profile (lists belong to it). */
export function usePersonalRoot() {
  const root = useRouteLoaderData<RootLike | undefined>('root');
  return { isVirtual: root?.isVirtual ?? true, isChild: root?.isChild ?? false, profileId: root?.profiles?.currentProfileId ?? null };
}
