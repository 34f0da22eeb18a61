// The dashboard's view (filters, search, section, page) mirrored in the address bar, so that a
// view can be bookmarked and survives a reload. Written with history.replaceState (keeping the
// router's own history state) rather than the router's search-param hooks: those would pull code
// into the router chunk every page shares, and the landing page's first load must not grow.
import { useCallback, useEffect, useState } from 'react';
import {
  DEFAULT_QUERY,
  parseDashboardQuery,
  serialiseDashboardQuery,
  type DashboardQuery,
} from '~/components/dashboard/view-state';

export function useUrlQuery() {
  // The dashboard renders only in the browser (after the code gate), so the URL is there to read.
  const [query, setQuery] = useState<DashboardQuery>(() =>
    typeof window === 'undefined' ? DEFAULT_QUERY : parseDashboardQuery(window.location.search),
  );
  useEffect(() => {
    const search = serialiseDashboardQuery(query).toString();
    const url = `${window.location.pathname}${search ? `?${search}` : ''}${window.location.hash}`;
    if (url !== `${window.location.pathname}${window.location.search}${window.location.hash}`) {
      window.history.replaceState(window.history.state, '', url);
    }
  }, [query]);
  const update = useCallback((patch: Partial<DashboardQuery>) => setQuery((current) => ({ ...current, ...patch })), []);
  return [query, update] as const;
}
