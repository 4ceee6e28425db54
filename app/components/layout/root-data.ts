/**
 * What the root loader gives every page (app/root.tsx): the site's address, the club's name,
 * the signed-in user and their selected profile. Any component reads it with `useRootData()`.
 *
 * Rules: the root loader returns exactly this shape; components never import app/root.tsx.
 */
import { useRouteLoaderData } from "react-router";
import type { PublicSessionUser, SelectedProfile } from "~/lib/accounts/session.server";

export interface RootData {
  baseUrl: string;
  clubName: string;
  user: PublicSessionUser | null;
  selectedProfile: SelectedProfile | null;
  isAdmin: boolean;
}

/** Root loader data from any component (layout, footer…). */
export function useRootData(): RootData | undefined {
  return useRouteLoaderData<RootData>("root");
}
