import { useCallback } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { isSameRoute } from '../lib/navigation';

/** navigate() that ignores a navigation to where the user already is (spec §2). */
export function useAppNavigate() {
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  return useCallback(
    (to: string) => {
      if (!isSameRoute(pathname + search, to)) void navigate(to);
    },
    [navigate, pathname, search],
  );
}
