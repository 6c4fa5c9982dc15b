import type { RequestContext } from '../handler.ts';

/** `X-<Vendor>-UI-Content-Auto-Save: true` on a save of an entry or asset (the validator lets only `true` and `false` through). */
export const autoSaved = (req: RequestContext) => req.vendorHeader('UI-Content-Auto-Save') === 'true';
