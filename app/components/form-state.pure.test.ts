/**
 * The rules of useClubForm's state (form-state.ts, and form-checks.ts for the browser's own
 * check): which errors a form shows and which values its fields start from, as Conform's
 * browser hook did.
 */
import { describe, expect, it } from "vitest";
import { answered, initialState, parsePath, pathValue, serialize } from "./form-state";
import { checkedField, checkedForm, isInside, shownErrors } from "./form-checks";

describe("field names", () => {
  it("reads lists and groups in a name", () => {
    expect(parsePath("profiles[0].group")).toEqual(["profiles", 0, "group"]);
    expect(pathValue({ profiles: [{ group: "adultes" }] }, "profiles[0].group")).toBe("adultes");
    expect(pathValue({ profiles: [] }, "profiles[3].group")).toBeUndefined();
  });

  it("knows a list item's field is inside the list, and not a longer name", () => {
    expect(isInside("profiles[0].group", "profiles")).toBe(true);
    expect(isInside("prices.amount", "prices")).toBe(true);
    expect(isInside("profilesExtra", "profiles")).toBe(false);
  });
});

describe("the values fields start from", () => {
  it("writes defaults as a form sends them", () => {
    const when = new Date("2026-11-25T10:00:00Z");
    expect(serialize({ a: true, b: false, n: 3, d: when, s: "x", z: null, l: [1, 2] })).toEqual({
      a: "on",
      b: undefined,
      n: "3",
      d: "2026-11-25T10:00:00.000Z",
      s: "x",
      z: undefined,
      l: ["1", "2"],
    });
  });

  it("starts from what the visitor sent when the server answered a form sent without JavaScript", () => {
    const state = initialState(
      { status: "error", initialValue: { email: "typed@exemple.fr" }, error: { password: ["Trop court"] } },
      { email: "default@exemple.fr" },
    );
    expect(state.initialValue).toEqual({ email: "typed@exemple.fr" });
    expect(state.errors).toEqual({ password: ["Trop court"] });
  });

  it("keeps the values it started from after a later answer (the fields hold what the user typed)", () => {
    const state = initialState(null, { email: "default@exemple.fr" });
    const next = answered(state, { status: "error", initialValue: { email: "x" }, error: { email: ["Invalide"] } });
    expect(next.initialValue).toEqual({ email: "default@exemple.fr" });
    expect(next.errors).toEqual({ email: ["Invalide"] });
  });

  it("starts again from the page's values when the answer says so (a saved entry)", () => {
    const state = checkedForm(initialState(null, { name: "" }), ["name"], { name: ["Obligatoire"] });
    const next = answered(state, { status: "success", initialValue: null }, { name: "" });
    expect(next).toEqual({ errors: {}, validated: {}, initialValue: { name: "" } });
  });

  it("shows the fresh values and the answer's message when someone else changed the entry meanwhile", () => {
    const state = initialState(null, { prenom: "Camille" });
    const stale = "Ces informations ont été modifiées entre-temps.";
    const next = answered(state, { status: "error", initialValue: null, error: { "": [stale] } }, { prenom: "Alix" });
    expect(next.initialValue).toEqual({ prenom: "Alix" });
    expect(next.errors).toEqual({ "": [stale] });
  });
});

describe("the errors shown", () => {
  const all = { email: ["Adresse invalide"], password: ["Trop court"] };

  it("shows nothing before the user has left a field or sent the form", () => {
    expect(initialState(null).errors).toEqual({});
  });

  it("shows a field's error once the field is left, and only that one", () => {
    const state = checkedField(initialState(null), "email", all);
    expect(state.errors).toEqual({ email: ["Adresse invalide"] });
  });

  it("clears a field's error when the check passes again", () => {
    const state = checkedField(checkedField(initialState(null), "email", all), "email", { password: ["Trop court"] });
    expect(state.errors).toEqual({});
  });

  it("shows every error once the form is sent, fields absent from the data included", () => {
    const state = checkedForm(initialState(null), ["email"], all);
    expect(state.errors).toEqual(all);
  });

  it("shows a list item's error once the list is validated", () => {
    expect(shownErrors({ "profiles[0].group": ["Choisissez"] }, { profiles: true })).toEqual({
      "profiles[0].group": ["Choisissez"],
    });
  });

  it("keeps an error the answer marks unchanged (null) and drops empty ones", () => {
    const state = checkedForm(initialState(null), [], { email: ["Déjà utilisée"] });
    const next = answered(state, { status: "error", error: { email: null, name: [] } });
    expect(next.errors).toEqual({ email: ["Déjà utilisée"] });
  });

  it("shows the form's own error under the empty name", () => {
    const state = answered(initialState(null), { status: "error", error: { "": ["Identifiants incorrects"] } });
    expect(state.errors[""]).toEqual(["Identifiants incorrects"]);
  });
});
