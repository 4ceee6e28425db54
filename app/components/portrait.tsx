/**
 * A profile's portrait as a round picture, or its initials on
 * a coloured disc.
 *
 * Rules:
 *  - The picture comes only from the guarded route (`portraitPath`), lazily,
 *    with the person's name as `alt`; it is laid over the initials disc, so
 *    when it cannot load (offline roster, the service worker keeps no
 *    portrait; a portrait removed meanwhile) the initials show instead.
 *  - The disc's colour is picked from the profile id among dark tones that
 *    keep white text above 7:1; the initials are decorative (`aria-hidden`):
 *    the name is always written beside them.
 *  - Sizes: "sm" 48 px (the roster, the 96 px file), "lg" 96 px (the profile
 *    page, the 192 px file).
 */
import { useEffect, useRef, useState } from "react";
import { portraitPath } from "~/lib/members/portraits";

/** Dark backgrounds for white initials (contrast above 7:1 each). */
const DISCS = ["bg-club-800", "bg-emerald-800", "bg-rose-800", "bg-violet-800", "bg-amber-900", "bg-teal-800"];

const SIZES = {
  sm: { box: "h-12 w-12 text-base", file: 96 },
  lg: { box: "h-24 w-24 text-3xl", file: 192 },
} as const;

function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/[\s-]+/)
    .filter(Boolean);
  const letters = words.length > 1 ? [words[0], words.at(-1)] : words.slice(0, 1);
  return letters.map((w) => (w ?? "").charAt(0).toLocaleUpperCase("fr")).join("") || "?";
}

export function Portrait({
  profileId,
  name,
  version,
  size = "sm",
}: {
  profileId: number;
  name: string;
  /** The portrait's media id, or null when the profile has none. */
  version: number | null;
  size?: keyof typeof SIZES;
}) {
  const [failed, setFailed] = useState(false);
  const img = useRef<HTMLImageElement>(null);
  const { box, file } = SIZES[size];
  useEffect(() => {
    setFailed(false);
    // A picture that failed before the page's script ran fired no onError React could see.
    const element = img.current;
    if (element?.complete && element.naturalWidth === 0 && element.currentSrc) setFailed(true);
  }, [version]);
  return (
    <span className={`relative inline-flex shrink-0 items-center justify-center rounded-full ${box}`}>
      <span
        aria-hidden="true"
        className={`flex h-full w-full items-center justify-center rounded-full font-semibold text-white ${DISCS[profileId % DISCS.length]}`}
      >
        {initialsOf(name)}
      </span>
      {version !== null && !failed ? (
        <img
          ref={img}
          src={portraitPath(profileId, file, version)}
          alt={name}
          width={file / 2}
          height={file / 2}
          loading="lazy"
          decoding="async"
          onError={() => setFailed(true)}
          className="absolute inset-0 h-full w-full rounded-full object-cover"
        />
      ) : null}
    </span>
  );
}
