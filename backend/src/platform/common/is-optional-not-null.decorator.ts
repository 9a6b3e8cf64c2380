import { ValidateIf } from 'class-validator';

/**
 * A body field that may be left out but, when sent, must be a real value. class-validator's
 * IsOptional also skips `null`, which then reaches services that only test for `undefined`
 * (`{"replaces": null}` was a TypeError and a 500); here null runs the field's other
 * validators and is refused with the field named. For fields where null means nothing.
 */
export function IsOptionalNotNull(): PropertyDecorator {
  return ValidateIf((_object: object, value: unknown) => value !== undefined);
}
