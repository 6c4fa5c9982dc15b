/**
 * A fragment bomb: `levels` fragments on `on`, each spreading the one before twice, so its inlined form has
 * 2^levels copies of `leaf` (20 levels of `__typename` on Query fit in 800 bytes). Used by the tests and the bench.
 */
export function fragmentBomb(levels: number, on = 'Query', leaf = '__typename', root = `{ ...F${levels} }`): string {
  const lines = [root, `fragment F0 on ${on} { ${leaf} }`];
  for (let i = 1; i <= levels; i++) lines.push(`fragment F${i} on ${on} { ...F${i - 1} ...F${i - 1} }`);
  return lines.join('\n');
}
