import type { FormRule as Rule } from 'antd';
import { hasSpecialChars, isEmail, isEmpty, isLandline, isMobile, isPhone, VALIDATION_MESSAGES } from '../../../contract/validation';
import type { FieldValidatorName } from './descriptor';

/** An antd rule from a predicate; empty values pass (the required rule handles them). */
function ruleOf(test: (value: string) => boolean, message: string): Rule {
  return {
    validator: (_rule, value: unknown) => (isEmpty(value) || test(String(value)) ? Promise.resolve() : Promise.reject(new Error(message))),
  };
}

/** antd Form rules over the shared validators (contract/validation). */
export const fieldRules: Record<FieldValidatorName, Rule> = {
  mobile: ruleOf(isMobile, VALIDATION_MESSAGES.mobile),
  landline: ruleOf(isLandline, VALIDATION_MESSAGES.landline),
  phone: ruleOf(isPhone, VALIDATION_MESSAGES.phone),
  email: ruleOf(isEmail, VALIDATION_MESSAGES.email),
  specialChars: ruleOf((v) => !hasSpecialChars(v), VALIDATION_MESSAGES.specialChars),
};

/** A required rule using the shared emptiness test, with the field's label in the message. */
export function requiredRule(label?: string): Rule {
  const message = `${label ?? ''}${VALIDATION_MESSAGES.required}`;
  return { required: true, validator: (_rule, value: unknown) => (isEmpty(value) ? Promise.reject(new Error(message)) : Promise.resolve()) };
}

/** Rules of a descriptor: required first, then its named validators. */
export function rulesFor(field: { label?: string; required?: boolean; validators?: FieldValidatorName[] }): Rule[] {
  return [...(field.required ? [requiredRule(field.label)] : []), ...(field.validators ?? []).map((name) => fieldRules[name])];
}
