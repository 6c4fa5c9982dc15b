import type { LinkColumns } from './entry-links.ts';

/** A map key of several parts (ids): unambiguous whatever characters the parts hold. */
export const keyOf = (...parts: unknown[]): string => JSON.stringify(parts);

/** The first item of each key, in input order, with its place in the input: a batch writes one row once. */
export function firstOfEachKey<T>(items: T[], key: (item: T) => string): Array<{ at: number; item: T; key: string }> {
  const seen = new Set<string>();
  const firsts: Array<{ at: number; item: T; key: string }> = [];
  items.forEach((item, at) => {
    const k = key(item);
    if (seen.has(k)) return;
    seen.add(k);
    firsts.push({ at, item, key: k });
  });
  return firsts;
}

/** The links of several batch items as one set of parallel columns, `linkItems` naming each link's item (from 1). */
export interface ItemLinkColumns extends LinkColumns {
  linkItems: number[];
}

/** Appends the links of batch item `item` (its 1-based place in the batch's columns). */
export function appendLinks(into: ItemLinkColumns, links: LinkColumns, item: number): void {
  for (let l = 0; l < links.fieldIds.length; l++) into.linkItems.push(item);
  into.fieldIds.push(...links.fieldIds);
  into.locales.push(...links.locales);
  into.positions.push(...links.positions);
  into.targetTypes.push(...links.targetTypes);
  into.targetIds.push(...links.targetIds);
}
