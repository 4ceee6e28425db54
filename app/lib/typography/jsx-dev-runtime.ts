/**
 * Development twin of ./jsx-runtime.ts (Vite's dev server and Vitest use
 * `jsxDEV`): the same French typography of host elements' text.
 */
import * as runtime from "react/jsx-dev-runtime";
import { frenchProps } from "./props";

export { Fragment } from "react/jsx-dev-runtime";
export type { JSX } from "react/jsx-dev-runtime";

export function jsxDEV(
  type: React.ElementType,
  props: unknown,
  key: React.Key | undefined,
  isStatic: boolean,
  source?: runtime.JSXSource,
  self?: unknown,
): React.ReactElement {
  return runtime.jsxDEV(type, frenchProps(type, props), key, isStatic, source, self);
}
