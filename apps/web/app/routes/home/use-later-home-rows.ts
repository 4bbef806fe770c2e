import { useCallback } from 'react';
import { useFetcher } from 'react-router';
import type { loader } from '../resources/home-rows.ts';

/**
 * The cards of a home page's later rows (routes/resources/home-rows.ts), asked for once, when the viewer scrolls
 * towards them. A failed answer leaves those rows out, as the page leaves out empty rows.
 */
export function useLaterHomeRows(kids: boolean) {
  const fetcher = useFetcher<typeof loader>();
  const { state, data, load } = fetcher;
  const onLaterNear = useCallback(() => {
    if (state === 'idle' && data === undefined) void load(`/resources/home-rows?kids=${kids ? '1' : '0'}`);
  }, [state, data, load, kids]);
  const laterCards = data === undefined ? null : 'rows' in data ? data.rows : [];
  return { laterCards, onLaterNear };
}
