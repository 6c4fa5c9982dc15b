import { ERRORS } from "./catalogue.js";
/** The one error type of the application. Layers throw it; each surface (REST, GraphQL, SCIM) maps it. */
export class AppError extends Error {
    id;
    details;
    constructor(id, message, details, options) {
        super(message ?? ERRORS[id].message, options);
        this.name = 'AppError';
        this.id = id;
        this.details = details;
    }
    get status() {
        return ERRORS[this.id].status;
    }
}
export const notFound = (type, id, extra = {}) => new AppError('NotFound', undefined, { type, id, ...extra });
export const badRequest = (message, details) => new AppError('BadRequest', message, details);
export const validationFailed = (errors, message) => new AppError('ValidationFailed', message, { errors });
export const versionMismatch = (expected, got) => new AppError('VersionMismatch', got === undefined
    ? 'Please pass the current sys.version in the version header.'
    : `Version mismatch: the current version is ${expected}, the request sent ${got}.`, { expected, provided: got ?? null });
