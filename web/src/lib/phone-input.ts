import { PHONE_DIGITS } from '@sitewalk/shared/constants';

/**
 * A phone field's text as it is typed (the phone helper): digits only, leading 1s dropped
 * (no US area code starts with 1: it is the country code, and dropping it at once keeps a field of
 * ddd-ddd-dddd's length able to take the rest), at most ten digits, dashed as ddd-ddd-dddd while they come.
 * '+1 (555) 123-4567' pasted becomes '555-123-4567'; '5551' becomes '555-1'.
 */
export const formatPhoneInput = (text: string): string => {
  const digits = text.replace(/\D/g, '').replace(/^1+/, '').slice(0, PHONE_DIGITS);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
};
