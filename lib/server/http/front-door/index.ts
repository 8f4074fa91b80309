export { frontDoor, refuse, type FrontDoorOptions } from "./front-door";
export { answerFromCache, type CachedReadContext } from "./cached-read";
export { checkTarget, MAX_TARGET_BYTES, type TargetCheck } from "./request-target";
export { clientAddress, trustedHops, CLIENT_ADDRESS_HEADER } from "./client-address";
export { headersOf, writeAnswer } from "./node-request";
export { isPagePath, prepareRender } from "./page-headers";
export { answerUnavailable, databaseIsDown } from "./unavailable";
export { keepSocketForAnswer } from "./unread-body";
