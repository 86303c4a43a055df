/** A digits-only field as typed (the PIN): everything but digits dropped, at most `max` of them. */
export const digitsOnly = (input: string, max: number): string => input.replace(/\D/g, '').slice(0, max);
