/** A body went past the byte limit; nothing of it was kept. */
export class SizeLimitError extends Error {
    maxBytes;
    constructor(maxBytes) {
        super(`The file exceeds the maximum size of ${maxBytes} bytes.`);
        this.maxBytes = maxBytes;
        this.name = 'SizeLimitError';
    }
}
/** The body ended before it was complete (the client went away). */
export class IncompleteBodyError extends Error {
    constructor() {
        super('The request body ended before it was complete.');
        this.name = 'IncompleteBodyError';
    }
}
