/**
 * The app's JSX runtime (tsconfig `jsxImportSource`): React's own, with
 * French typography applied to host elements' text at render, on the server
 * and in the browser alike (docs/decisions/0021-french-typography.md).
 * Rule: nothing else here; the rules live in ./props.ts and ./french.ts.
 */
import * as runtime from "react/jsx-runtime";
import { frenchProps } from "./props";

export { Fragment } from "react/jsx-runtime";
export type { JSX } from "react/jsx-runtime";

export function jsx(type: React.ElementType, props: unknown, key?: React.Key): React.ReactElement {
  return runtime.jsx(type, frenchProps(type, props), key);
}

export function jsxs(type: React.ElementType, props: unknown, key?: React.Key): React.ReactElement {
  return runtime.jsxs(type, frenchProps(type, props), key);
}
