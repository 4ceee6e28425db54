/**
 * The sign-out form of the top bar (desktop and mobile), browser-safe: a plain
 * POST to /deconnexion, which works without JavaScript.
 *
 * Rules:
 *  - With JavaScript, attendance marks still waiting on this phone (taken
 *    offline, mark-queue.ts) are sent first, with the session that took them;
 *    signing out then follows whatever the answer (at most a few seconds).
 *    The sending code is imported only then: every page holds this form.
 *    Marks the server could not take stay on the phone (never deleted here)
 *    and leave with the next attendance page opened.
 *  - The attendance pages kept on the device are forgotten by the page seen
 *    signed out afterwards (`useForgetRostersWhenSignedOut`, in the root).
 */
import type { FormEvent, ReactNode } from "react";
import { Form, href, useSubmit } from "react-router";
import { queuedMarks } from "~/lib/mat/mark-queue-storage";

const SIGN_OUT_PATH = href("/deconnexion");
/** Longest wait for the marks before signing out anyway. */
const SEND_WAIT_MS = 5000;

export function SignOutForm({ children }: { children: ReactNode }) {
  const submit = useSubmit();
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!queuedMarks().length) return; // nothing waiting: React Router posts the form
    event.preventDefault();
    const form = event.currentTarget;
    const waited = new Promise((resolve) => setTimeout(resolve, SEND_WAIT_MS));
    // The sending code loads only when marks are waiting; offline, signing out goes on.
    const sent = import("~/lib/mat/mark-queue").then((queue) => queue.sendQueued());
    void Promise.race([sent, waited])
      .catch(() => undefined)
      .then(() => submit(form, { method: "post", action: SIGN_OUT_PATH }));
  };
  return (
    <Form method="post" action={SIGN_OUT_PATH} onSubmit={onSubmit}>
      {children}
    </Form>
  );
}
