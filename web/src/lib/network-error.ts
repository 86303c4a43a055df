/**
 * Whether a call failed for want of a network: fetch rejects with a TypeError when no answer came at all
 * (offline, DNS, a dropped connection). An answer, even a 500, is not one; nor is an abort or a timeout.
 */
export const isNetworkError = (error: unknown): boolean => error instanceof TypeError;
