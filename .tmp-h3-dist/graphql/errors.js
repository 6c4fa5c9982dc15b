import { GraphQLError } from 'graphql';
import { GRAPHQL_ERRORS } from "../errors/catalogue.js";
/** An error that stops a GraphQL request before execution: the whole answer is `{errors: [...]}` with its status. */
export class GraphqlRequestError extends Error {
    code;
    details;
    status;
    constructor(code, message, details = {}) {
        super(message ?? GRAPHQL_ERRORS[code].message);
        this.code = code;
        this.details = details;
        this.status = GRAPHQL_ERRORS[code].status;
    }
}
export const requestError = (code, message, details) => new GraphqlRequestError(code, message, details);
/** An error of one path during execution (partial data: the field resolves to null). */
export function executionError(code, message, details = {}) {
    return new GraphQLError(message, { extensions: { tesseraCode: code, details } });
}
/** The wire form of an error: `extensions.<vendor token>` holds `code`, `requestId` and `details`. */
export function wireError(vendorToken, requestId, e, code, details = {}) {
    return {
        message: e.message,
        ...(e.locations ? { locations: e.locations } : {}),
        ...(e.path ? { path: e.path } : {}),
        extensions: { [vendorToken]: { code, requestId, details } },
    };
}
/** The wire form of an execution error, whatever threw it (unknown errors become INTERNAL_SERVER_ERROR without their message). */
export function wireExecutionError(vendorToken, requestId, e) {
    const code = e.extensions?.tesseraCode;
    if (code)
        return wireError(vendorToken, requestId, e, code, (e.extensions.details ?? {}));
    if (e.originalError && !(e.originalError instanceof GraphQLError)) {
        return wireError(vendorToken, requestId, { message: 'Internal Server Error', locations: e.locations, path: e.path }, 'INTERNAL_SERVER_ERROR');
    }
    return wireError(vendorToken, requestId, e, 'INTERNAL_SERVER_ERROR');
}
