import { useEffect } from 'react';
import { startAuth } from '../../lib/auth';
import { useBrand } from '../../lib/brand';
import { SuccessBanner } from './Banners';

/** Mounted once in the shell on brands with accounts: fetches the user when a token exists and shows the success banner. */
export function AuthStart() {
  const brand = useBrand();
  useEffect(() => {
    void startAuth({ apiKey: brand.apiKey });
  }, [brand.apiKey]);
  return <SuccessBanner />;
}
