import { useEffect } from 'react';
import { useBrand } from '../lib/brand';

/** Sets document.title to "<page> | <brand title>" while the page is shown. */
export function usePageTitle(page: string | undefined): void {
  const brand = useBrand();
  useEffect(() => {
    document.title = page ? `${page} | ${brand.title}` : brand.title;
  }, [page, brand.title]);
}
