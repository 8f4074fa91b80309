export * from "./actor";
export * from "./auth-options";
export * from "./common-passwords";
export * from "./passwords";
export * from "./secret";
export * from "./session-cookie";
export * from "./tokens";
export * from "./users";
