/** An image of the merchant in an island: an uploaded photo as a <picture> of AVIF and WebP sources with width descriptors, any other as a plain <img>. */
import type { ImgHTMLAttributes } from 'react';
import { photoSources } from '../../shared/photo-variants.ts';

/** `src` a safe image src (safeImageSrc); `sizes` the width it is shown at. */
export function Photo({ src, sizes, alt, ...attributes }: ImgHTMLAttributes<HTMLImageElement> & { src: string; sizes: string; alt: string }) {
  const photo = photoSources(src);
  if (!photo) return <img src={src} alt={alt} {...attributes} />;
  return (
    <picture>
      {photo.sources.map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcset} sizes={sizes} />
      ))}
      <img src={photo.fallback.src} srcSet={photo.fallback.srcset} sizes={sizes} alt={alt} {...attributes} />
    </picture>
  );
}
