/**
 * The phone field as typed (spec section 5): digits only, a leading 1 dropped, at most 10 digits, shown
 * with dashes as ddd-ddd-dddd while typing.
 */
export const formatPhoneInput = (input: string): string => {
  // No US area code starts with 1: a leading 1 is the country code, dropped as typed.
  const digits = input.replace(/\D/g, '').replace(/^1+/, '').slice(0, 10);
  if (digits.length <= 3) return digits;
  if (digits.length <= 6) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  return `${digits.slice(0, 3)}-${digits.slice(3, 6)}-${digits.slice(6)}`;
};

/** The PIN field takes digits only, at most 8. */
export const digitsOnly = (input: string, max: number): string => input.replace(/\D/g, '').slice(0, max);
