import { describe, expect, it } from "vitest";
import { embedUrl, parseVideoLink, REFUSED_HOST_MESSAGE, thumbnailUrl, watchUrl } from "./video-links";

describe("parseVideoLink", () => {
  const yt = "dQw4w9WgXcQ";
  it.each([
    `https://www.youtube.com/watch?v=${yt}`,
    `https://youtube.com/watch?v=${yt}&t=42s`,
    `https://m.youtube.com/watch?feature=share&v=${yt}`,
    `http://www.youtube.com/watch?v=${yt}`,
    `www.youtube.com/watch?v=${yt}`,
    `https://youtu.be/${yt}`,
    `https://youtu.be/${yt}?si=abc`,
    `https://www.youtube.com/shorts/${yt}`,
    `https://www.youtube.com/embed/${yt}`,
    `https://www.youtube-nocookie.com/embed/${yt}?rel=0`,
    `  https://youtu.be/${yt}  `,
  ])("reads YouTube link %s", (link) => {
    expect(parseVideoLink(link)).toEqual({
      ok: true,
      provider: "youtube",
      id: yt,
      url: `https://www.youtube.com/watch?v=${yt}`,
    });
  });

  it.each([
    ["https://vimeo.com/76979871", "76979871"],
    ["https://www.vimeo.com/76979871", "76979871"],
    ["https://player.vimeo.com/video/76979871", "76979871"],
    ["https://player.vimeo.com/video/76979871?autoplay=1", "76979871"],
    ["https://vimeo.com/76979871/a1b2c3d4e5", "76979871:a1b2c3d4e5"],
    ["https://player.vimeo.com/video/76979871?h=a1b2c3d4e5", "76979871:a1b2c3d4e5"],
  ])("reads Vimeo link %s", (link, id) => {
    const parsed = parseVideoLink(link);
    expect(parsed).toMatchObject({ ok: true, provider: "vimeo", id });
  });

  it.each([
    "https://www.dailymotion.com/video/x7tgad0",
    "https://evil.example/watch?v=dQw4w9WgXcQ",
    "https://youtube.com.evil.example/watch?v=dQw4w9WgXcQ",
    "https://www.facebook.com/watch/?v=123456",
    "https://notvimeo.com/76979871",
  ])("refuses other hosts: %s", (link) => {
    expect(parseVideoLink(link)).toEqual({ ok: false, error: REFUSED_HOST_MESSAGE });
  });

  it.each([
    ["", "Indiquez le lien de la vidéo."],
    ["javascript:alert(1)", "Ce lien n’est pas une adresse web valide."],
    ["https://www.youtube.com/watch?v=court", /YouTube ne désigne pas une vidéo/],
    ["https://www.youtube.com/@chaine", /YouTube ne désigne pas une vidéo/],
    ["https://vimeo.com/channels/staffpicks", /Vimeo ne désigne pas une vidéo/],
    ["https://player.vimeo.com/video/abc", /Vimeo ne désigne pas une vidéo/],
  ])("refuses %s with a French message", (link, message) => {
    const parsed = parseVideoLink(link);
    expect(parsed.ok).toBe(false);
    if (!parsed.ok) expect(parsed.error).toMatch(message);
  });

  it("builds privacy-enhanced player, thumbnail and watch URLs", () => {
    expect(embedUrl("youtube", yt)).toBe(`https://www.youtube-nocookie.com/embed/${yt}?autoplay=1`);
    expect(thumbnailUrl("youtube", yt)).toBe(`https://i.ytimg.com/vi/${yt}/hqdefault.jpg`);
    expect(embedUrl("vimeo", "76979871")).toBe("https://player.vimeo.com/video/76979871?dnt=1&autoplay=1");
    expect(embedUrl("vimeo", "76979871:a1b2c3d4e5")).toBe(
      "https://player.vimeo.com/video/76979871?dnt=1&autoplay=1&h=a1b2c3d4e5",
    );
    expect(thumbnailUrl("vimeo", "76979871")).toBeNull();
    expect(watchUrl("vimeo", "76979871:a1b2c3d4e5")).toBe("https://vimeo.com/76979871/a1b2c3d4e5");
  });
});
