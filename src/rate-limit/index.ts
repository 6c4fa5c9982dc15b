export { createRateLimiter, type RateDecision, type RateLimiter, type RateLimiterOptions } from './limiter.ts';
export { spaceOrganizations } from './space-organizations.ts';
