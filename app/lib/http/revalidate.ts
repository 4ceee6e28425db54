/**
 * After a refusal "changed meanwhile by someone else" (409), the page's data
 * is read again. React Router does not reload a page's data after an action
 * answered 4xx by default; a form whose answer asks to start again from the
 * page's values (`resetValues`, forms.ts) then showed the old values and an
 * old version, refused again at the next save. Without JavaScript the page is
 * rendered anew after the action anyway. Browser-safe (no Zod).
 */
import type { ShouldRevalidateFunctionArgs } from "react-router";

/** A route's `shouldRevalidate` for pages whose forms answer a conflict with fresh values. */
export function revalidateAfterConflict({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  return actionStatus === 409 || defaultShouldRevalidate;
}
