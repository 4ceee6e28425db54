/**
 * The icons of the site layout (menus, footer, account area, progress) and of
 * the public pages, by their lucide name. Each one is a <symbol> of app/assets/icons.svg, built
 * from lucide-react's own drawings by `npx tsx scripts/make-icon-sprite.ts`
 * (decision 0038). Rule: a name added here is added to the sprite by running
 * the script; the sprite's test fails until then.
 */
export const ICON_NAMES = [
  "accessibility",
  "arrow-left",
  "award",
  "book-open",
  "bus",
  "calendar-days",
  "calendar-plus",
  "camera",
  "car",
  "check-circle-2",
  "chevron-down",
  "chevron-left",
  "chevron-right",
  "circle-check",
  "clipboard-list",
  "clock",
  "download",
  "euro",
  "external-link",
  "eye",
  "file-text",
  "gift",
  "hand-heart",
  "heart-handshake",
  "history",
  "laugh",
  "layout-dashboard",
  "lightbulb",
  "list-checks",
  "loader-circle",
  "log-out",
  "mail",
  "map-pin",
  "menu",
  "newspaper",
  "phone",
  "receipt",
  "scale",
  "shield-check",
  "shirt",
  "smile",
  "sparkles",
  "swords",
  "user-round",
  "users",
  "x",
] as const;

export type IconName = (typeof ICON_NAMES)[number];
