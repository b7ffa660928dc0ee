import { useRouterState } from '@tanstack/react-router';
import { useEffect } from 'react';
import { noteScreenOpened, startAuth } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { SuccessBanner } from './Banners';

/** Mounted once in the shell on brands with accounts: fetches the user when a token exists, shows the success banner and clears it when another screen opens. */
export function AuthStart() {
  const brand = useBrand();
  useEffect(() => {
    void startAuth({ apiKey: brand.apiKey });
  }, [brand.apiKey]);
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  useEffect(() => noteScreenOpened(pathname), [pathname]);
  return <SuccessBanner />;
}
