import type { RequestHandler } from 'express';
import type { VendorNames } from '../../config.ts';

const STANDARD_HEADERS = [
  'Accept',
  'Accept-Language',
  'Authorization',
  'Cache-Control',
  'Content-Length',
  'Content-Type',
  'If-Match',
  'If-None-Match',
  'Origin',
  'Pragma',
  'User-Agent',
  'X-Requested-With',
];
const VENDOR_SUFFIXES = [
  'Version',
  'Content-Type',
  'Organization',
  'Source-Environment',
  'User-Agent',
  'Tag-Visibility',
  'Team',
  'Marketplace',
  'UI-Content-Auto-Save',
];
const EXPOSED_SUFFIXES = [
  'Request-Id',
  'RateLimit-Second-Limit',
  'RateLimit-Second-Remaining',
  'RateLimit-Reset',
  'Graphql-Query-Cost',
];

/** Lets browsers call every API, sending the vendor headers and reading the rate-limit and request-id headers. */
export function cors(vendor: VendorNames): RequestHandler {
  const allow = [...STANDARD_HEADERS, ...VENDOR_SUFFIXES.map((s) => `${vendor.headerPrefix}-${s}`)].join(',');
  const expose = ['Etag', 'Location', ...EXPOSED_SUFFIXES.map((s) => `${vendor.headerPrefix}-${s}`)].join(',');
  return (req, res, next) => {
    res.setHeader('Access-Control-Allow-Origin', '*');
    res.setHeader('Access-Control-Expose-Headers', expose);
    if (req.method === 'OPTIONS') {
      res.setHeader('Access-Control-Allow-Methods', 'DELETE,GET,HEAD,POST,PUT,PATCH,OPTIONS');
      res.setHeader('Access-Control-Allow-Headers', allow);
      res.setHeader('Access-Control-Max-Age', '1728000');
      res.status(204).end();
      return;
    }
    next();
  };
}
