export { ERRORS } from "./catalogue.js";
export { AppError, notFound, badRequest, validationFailed, versionMismatch } from "./app-error.js";
