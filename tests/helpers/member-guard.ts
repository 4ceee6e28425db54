/**
 * Vitest helper: the arguments of a member-area loader or action after the
 * REAL guard: the member layout's middleware (CSRF, sign-in, user in the
 * router context) then the role middleware of the page's section, both taken
 * from the permission table (app/lib/accounts/permissions.ts). A refusal is
 * thrown exactly as in production (a redirect Response).
 *
 *   const result = await listRoute.loader(await guardedArgs(get("/espace-membre/articles", cookie)));
 */
import { RouterContextProvider } from "react-router";
import { memberAreaGuard, sectionGuard } from "~/lib/accounts/guard.server";
import { sectionOfPath } from "~/lib/accounts/permissions";

export async function guardedArgs(
  request: Request,
  params: Record<string, string> = {},
  context: RouterContextProvider = new RouterContextProvider(),
): Promise<never> {
  const section = sectionOfPath(new URL(request.url).pathname);
  if (!section) throw new Error(`guardedArgs: ${request.url} is not a page of the permission table`);
  const args = { request, params, context } as never;
  for (const middleware of [memberAreaGuard, sectionGuard(section.id)]) {
    await middleware(args, async () => new Response(null));
  }
  return args;
}
