/**
 * The drawn illustration of an article without a cover photo
 * (app/lib/content/illustration.ts). Decorative: alt="" because the title is
 * beside it and the drawing shows no fact.
 */
import { illustrationFor } from "~/lib/content/illustration";

export function ArticleIllustration({
  article,
  eager = false,
  className,
}: {
  article: { id: number; title: string; summary?: string };
  eager?: boolean;
  className?: string;
}) {
  const drawing = illustrationFor(article);
  return (
    <img
      src={drawing.src}
      alt=""
      width={drawing.width}
      height={drawing.height}
      loading={eager ? "eager" : "lazy"}
      decoding="async"
      data-illustration={drawing.theme}
      className={className}
    />
  );
}
