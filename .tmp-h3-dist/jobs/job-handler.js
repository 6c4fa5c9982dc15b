/** A failure that retrying cannot cure: the runner fails the job at once instead of backing off. */
export class PermanentJobError extends Error {
    constructor(message) {
        super(message);
        this.name = 'PermanentJobError';
    }
}
