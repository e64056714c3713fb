import type { IGatsbyImageData } from 'gatsby-plugin-image';

/**
 * Renders image data produced by gatsby-plugin-image (sharp: WebP + original, several widths)
 * as a plain <picture> with explicit width/height: no layout shift and no client-side
 * hydration chunk, since the image needs no JavaScript. An eager image is the page's largest
 * paint (a post's cover): it is also fetched with high priority, ahead of the page's scripts.
 */
export function StaticPicture({ image, alt, eager = false, className }: { image: IGatsbyImageData; alt: string; eager?: boolean; className?: string }) {
  const { images, width, height } = image;
  const fallback = images.fallback;
  return (
    <picture className={className}>
      {(images.sources ?? []).map((source) => (
        <source key={source.type} type={source.type} srcSet={source.srcSet} sizes={source.sizes} />
      ))}
      <img
        src={fallback?.src}
        srcSet={fallback?.srcSet}
        sizes={fallback?.sizes}
        width={width}
        height={height}
        alt={alt}
        loading={eager ? 'eager' : 'lazy'}
        // React 18 knows no fetchPriority prop; a lowercase attribute is passed through as is.
        {...(eager ? { fetchpriority: 'high' } : {})}
        decoding="async"
        style={{ width: '100%', height: 'auto' }}
      />
    </picture>
  );
}
