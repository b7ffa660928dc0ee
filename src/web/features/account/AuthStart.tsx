import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { noteScreenOpened, startAuth } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { useOnline } from '../../lib/online-status';
import { SuccessBanner } from './Banners';

/**
 * Mounted once in the shell on brands with accounts: fetches the user when a token exists
 * (again when the network returns, if it was away at start), shows the success banner and
 * clears it when another screen opens.
 */
export function AuthStart() {
  const brand = useBrand();
  const online = useOnline();
  // At start (a start with no network waits for it) and after a time offline: a token without its user fetches the user.
  useEffect(() => {
    if (online) void startAuth({ apiKey: brand.apiKey });
  }, [online, brand.apiKey]);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => noteScreenOpened(pathname), [pathname]);
  return <SuccessBanner />;
}
