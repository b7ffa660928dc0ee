/**
 * SPEC section 2: the brand's advertising banner frame on Results. A third party's page is
 * framed by its URL in a sandbox that lets it run scripts and open pop-ups. The brand's own
 * house advert (a site path, brands/<key>/*.html) cannot be framed by URL, as every page of
 * ours refuses framing (frame-ancestors 'none'), so its text is framed instead, with no scripts;
 * its links may open a new window or, on a click, take the whole app to one of our pages.
 */
import { useQuery } from '@tanstack/react-query';
import type { Brand } from '../../../contract/brand';
import { isHouseAdvert } from '../../lib/brand';
import classes from './results.module.css';

type Banner = NonNullable<Brand['advertBanner']>;

async function advertText(src: string, signal: AbortSignal): Promise<string> {
  const response = await fetch(src, { signal });
  if (!response.ok) throw new Error(`advert ${src}: ${response.status}`);
  return response.text();
}

function HouseAdvert({ banner }: { banner: Banner }) {
  // The service worker precaches the file with the brand's artwork, so it shows offline too.
  const advert = useQuery({
    queryKey: ['house-advert', banner.src],
    queryFn: ({ signal }) => advertText(banner.src, signal),
    staleTime: Infinity,
    retry: false,
  });
  return (
    <iframe
      className={classes.advert}
      srcDoc={advert.data ?? ''}
      title={banner.title}
      sandbox="allow-popups allow-popups-to-escape-sandbox allow-top-navigation-by-user-activation"
    />
  );
}

export function AdvertBanner({ banner }: { banner: Banner }) {
  if (isHouseAdvert(banner)) return <HouseAdvert banner={banner} />;
  return (
    <iframe
      className={classes.advert}
      src={banner.src}
      title={banner.title}
      sandbox="allow-scripts allow-popups"
      loading="lazy"
    />
  );
}
