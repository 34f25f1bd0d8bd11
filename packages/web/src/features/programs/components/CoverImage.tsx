/**
 * A program's cover image (an image upload of the program), loaded with the signed asset cookie: rendered only
 * once the cookie is set, so the browser never asks for it unauthenticated. Nothing when there is no cover.
 */
import { Image } from '@mantine/core';
import { useAssetCookie } from '#entities/asset/api/asset-cookie.ts';

/** The cover's text alternative: what it is the cover of (covers are chosen to illustrate the program). */
export function coverAlt(title: string): string {
  return `Cover image of ${title}`;
}

export function CoverImage(props: { url: string | null; title: string; height: number }) {
  const cookie = useAssetCookie();
  if (props.url === null || !cookie.isSuccess) return null;
  return <Image src={props.url} alt={coverAlt(props.title)} h={props.height} fit="cover" radius="sm" />;
}
