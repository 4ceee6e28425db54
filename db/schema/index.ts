export * from "./auth";
export * from "./settings";
export * from "./mail";
export * from "./content";
export * from "./members";
export * from "./audit";
export * from "./season";
