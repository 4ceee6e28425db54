/**
 * The signed-in user of a member-area request, set by the member layout's
 * middleware (after the guard) and read by child loaders and actions:
 * `const user = context.get(userContext);`
 */
import { createContext } from "react-router";
import type { SessionUser } from "./session.server";

export const userContext = createContext<SessionUser>();
