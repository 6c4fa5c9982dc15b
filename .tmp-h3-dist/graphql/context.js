/** The locale and its fallbacks, in order (a cycle ends the chain). */
export function localeChain(locales, code) {
    const chain = [];
    let current = code;
    while (current && !chain.includes(current)) {
        chain.push(current);
        current = locales.find((l) => l.code === current)?.fallbackCode;
    }
    return chain;
}
