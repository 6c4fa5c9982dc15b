import { SCIM_ERRORS, type ScimErrorType } from './catalogue.ts';

/** An error only the SCIM API answers (`SCIM_ERRORS` of the catalogue): thrown by the SCIM services, mapped by the SCIM error handler. */
export class ScimError extends Error {
  readonly type: ScimErrorType;

  constructor(type: ScimErrorType, message?: string, options?: ErrorOptions) {
    super(message ?? SCIM_ERRORS[type].message, options);
    this.name = 'ScimError';
    this.type = type;
  }

  get status(): number {
    return SCIM_ERRORS[this.type].status;
  }
}
