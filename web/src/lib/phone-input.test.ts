import { describe, expect, it } from 'vitest';
import { formatPhoneInput } from './phone-input.ts';

describe('formatPhoneInput', () => {
  it.each([
    ['', ''],
    ['5', '5'],
    ['555', '555'],
    ['5551', '555-1'],
    ['555-', '555'],
    ['555123', '555-123'],
    ['5551234', '555-123-4'],
    ['5551234567', '555-123-4567'],
    ['55512345678', '555-123-4567'],
    ['+1 (555) 123-4567', '555-123-4567'],
    ['1-555-123-4567', '555-123-4567'],
    ['(555) 123 4567 ext 9', '555-123-4567'],
    ['abc', ''],
    // Typed one key at a time into a field of 12 characters: the 1 goes at once.
    ['1', ''],
    ['15', '5'],
  ])('%j reads %j', (typed, shown) => {
    expect(formatPhoneInput(typed)).toBe(shown);
  });
});
