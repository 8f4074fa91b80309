export * from "./body";
export * from "./error-response";
export * from "./multipart";
export * from "./public-url";
export { releaseSignatureState, stopReleaseSignatures } from "./release-signatures";
export * from "./respond";
export * from "./response-cache";
export * from "./route";
export * from "./security-headers";
