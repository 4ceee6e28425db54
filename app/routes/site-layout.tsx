// PLACEHOLDER: replaced by its owner (layout helper)
import { Outlet } from "react-router";
export default function SiteLayout() {
  return (
    <main id="contenu">
      <Outlet />
    </main>
  );
}
