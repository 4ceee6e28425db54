/** Whether the window is scrolled past the banner collapse threshold (50 px). */
import { useEffect, useState } from "react";
import { isScrolled } from "~/lib/club/navigation";

export function useScrolled(): boolean {
  // The server renders the page not scrolled (right padding, no flash).
  const [scrolled, setScrolled] = useState(false);
  useEffect(() => {
    let frame = 0;
    const update = () => {
      frame = 0;
      setScrolled(isScrolled(window.scrollY));
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    update();
    window.addEventListener("scroll", onScroll, { passive: true });
    return () => {
      window.removeEventListener("scroll", onScroll);
      cancelAnimationFrame(frame);
    };
  }, []);
  return scrolled;
}
