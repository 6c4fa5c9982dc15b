export { createRateLimiter, RATE_LIMIT_TABLE } from "./limiter.js";
export { spaceOrganizations } from "./space-organizations.js";
