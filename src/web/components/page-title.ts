import { useEffect } from 'react';

import { useBrand } from '../lib/brand';

/** The document title for a page: "<Page> | <brand title>". */
export function formatPageTitle(page: string, brandTitle: string): string {
  return `${page} | ${brandTitle}`;
}

/**
 * Sets document.title to "<page> | <brand title>" while the page is shown, and puts
 * back the previous title when it goes, so a screen without its own title does not
 * inherit a stale one.
 */
export function usePageTitle(page: string): void {
  const { title } = useBrand();
  useEffect(() => {
    const previous = document.title;
    document.title = formatPageTitle(page, title);
    return () => {
      document.title = previous;
    };
  }, [page, title]);
}
