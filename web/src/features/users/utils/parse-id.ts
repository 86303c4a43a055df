/** A route's `:id` as a user id, or null when it is no id ('0', 'abc', '01'). */
export const parseId = (value: string | undefined): number | null =>
  value && /^[1-9]\d{0,15}$/.test(value) ? Number(value) : null;
