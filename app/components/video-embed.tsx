/**
 * Video facade: a still image (YouTube thumbnail, or a neutral poster with
 * the title for Vimeo, whose thumbnail needs an API call) with a play button.
 * The player iframe (privacy-enhanced host) loads only after a click; without
 * JavaScript the facade is a plain link to the video's page.
 */
import { useState } from "react";
import { embedUrl, thumbnailUrl, watchUrl, type VideoProvider } from "~/lib/content/video-links";

export interface VideoEmbedProps {
  provider: VideoProvider | string;
  providerVideoId: string;
  title: string;
  className?: string;
}

export function VideoEmbed({ provider, providerVideoId, title, className }: VideoEmbedProps) {
  const [playing, setPlaying] = useState(false);
  const frameClass = `relative block aspect-video w-full overflow-hidden rounded-lg bg-slate-900 ${className ?? ""}`;

  if (playing) {
    return (
      <div className={frameClass} data-video-state="player">
        <iframe
          src={embedUrl(provider, providerVideoId)}
          title={`Vidéo : ${title}`}
          className="absolute inset-0 h-full w-full border-0"
          allow="autoplay; encrypted-media; fullscreen; picture-in-picture"
          allowFullScreen
          referrerPolicy="strict-origin-when-cross-origin"
        />
      </div>
    );
  }

  const thumb = thumbnailUrl(provider, providerVideoId);
  const providerName = provider === "vimeo" ? "Vimeo" : "YouTube";
  return (
    <a
      href={watchUrl(provider, providerVideoId)}
      onClick={(event) => {
        if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
        event.preventDefault();
        setPlaying(true);
      }}
      className={`group ${frameClass} focus-visible:outline-4 focus-visible:outline-offset-2 focus-visible:outline-club-700`}
      aria-label={`Lire la vidéo « ${title} » (${providerName})`}
      data-video-state="facade"
    >
      {thumb ? (
        <img
          src={thumb}
          alt=""
          loading="lazy"
          decoding="async"
          width={480}
          height={360}
          className="absolute inset-0 h-full w-full object-cover"
        />
      ) : (
        <span
          aria-hidden="true"
          className="absolute inset-0 flex items-end bg-gradient-to-br from-club-700 to-slate-900 p-4 text-left text-lg font-semibold text-white"
        >
          {title}
        </span>
      )}
      <span aria-hidden="true" className="absolute inset-0 flex items-center justify-center">
        <span className="flex h-16 w-16 items-center justify-center rounded-full bg-black/75 text-white shadow-lg transition group-hover:scale-110 group-hover:bg-red-700">
          {/* lucide's "play", filled: drawn here (the sprite's icons are strokes only). */}
          <svg
            viewBox="0 0 24 24"
            className="ml-1 h-8 w-8"
            fill="currentColor"
            stroke="currentColor"
            strokeWidth={2}
            strokeLinejoin="round"
          >
            <polygon points="6 3 20 12 6 21 6 3" />
          </svg>
        </span>
      </span>
    </a>
  );
}
