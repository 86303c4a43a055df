import { describe, expect, it } from 'vitest';
import { signInPageOf, signInViewOf } from './sign-in-app.tsx';

describe('the sign-in app picks the page by path', () => {
  it.each([
    ['/login', 'login'],
    ['/login/', 'login'],
    ['/reset-password', 'reset-password'],
    ['/resetPassword', 'reset-password'],
    ['/reset-password/email-sent', 'reset-email-sent'],
    ['/app/resetPassword/emailSent', 'reset-email-sent'],
    ['/reset-password/confirm/abc', 'reset-confirm'],
    ['/reset-password/confirm', 'reset-confirm'],
    ['/app', null],
    ['/reset-passwordx', null],
  ])('%s shows %s', (path, page) => expect(signInPageOf(path)).toBe(page));

  it('tells a confirm link without a token from one with, so only a matching document is hydrated', () => {
    expect(signInViewOf('/reset-password/confirm/abc')).toBe('reset-confirm');
    expect(signInViewOf('/reset-password/confirm/')).toBe('invalid-link');
    expect(signInViewOf('/reset-password/confirm')).toBe('invalid-link');
  });
});
