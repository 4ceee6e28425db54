/**
 * An uploaded image as <picture>: AVIF then WebP sources with srcset and
 * sizes, width/height set so the page does not jump while it loads.
 * Give it the result of imageSrcSet(media) (computed in the loader).
 */
export interface ResponsiveImageSources {
  src: string;
  webp: string;
  avif: string;
  width: number;
  height: number;
}

export function ResponsiveImage({
  image,
  alt,
  sizes = "(min-width: 1024px) 960px, 100vw",
  className,
  loading = "lazy",
  fetchPriority,
}: {
  image: ResponsiveImageSources;
  /** Required: describe the image, or "" only when it is purely decorative. */
  alt: string;
  sizes?: string;
  className?: string;
  loading?: "lazy" | "eager";
  fetchPriority?: "high" | "low" | "auto";
}) {
  return (
    <picture>
      <source type="image/avif" srcSet={image.avif} sizes={sizes} />
      <source type="image/webp" srcSet={image.webp} sizes={sizes} />
      <img
        src={image.src}
        alt={alt}
        width={image.width}
        height={image.height}
        loading={loading}
        decoding="async"
        fetchPriority={fetchPriority}
        className={className ?? "h-auto w-full"}
      />
    </picture>
  );
}
