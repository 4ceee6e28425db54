/**
 * The icons of the site layout (menus, footer, account area, progress), by
 * their lucide name. Each one is a <symbol> of app/assets/icons.svg, built
 * from lucide-react's own drawings by `npx tsx scripts/make-icon-sprite.ts`
 * (decision 0038). Rule: a name added here is added to the sprite by running
 * the script; the sprite's test fails until then.
 */
export const ICON_NAMES = [
  "award",
  "book-open",
  "calendar-days",
  "camera",
  "chevron-down",
  "clipboard-list",
  "clock",
  "external-link",
  "hand-heart",
  "history",
  "laugh",
  "layout-dashboard",
  "lightbulb",
  "loader-circle",
  "log-out",
  "mail",
  "map-pin",
  "menu",
  "newspaper",
  "shirt",
  "user-round",
  "users",
  "x",
] as const;

export type IconName = (typeof ICON_NAMES)[number];
