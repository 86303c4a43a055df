import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { Picture } from './picture.tsx';

const shown = (name: string) => screen.getByRole('img', { name }).getAttribute('data-picture');

describe('Picture', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('shows the image by its URL', () => {
    render(<Picture src="https://uploads.test/a.png" alt="Logo of Acme" variant="logo" />);
    const image = screen.getByRole('img', { name: 'Logo of Acme' });
    expect(image.tagName).toBe('IMG');
    expect(image).toHaveAttribute('src', 'https://uploads.test/a.png');
  });

  it.each([null, undefined])('shows the generic picture when there is no URL (%s)', (src) => {
    render(<Picture src={src} alt="Ada Lovelace" variant="avatar" />);
    expect(shown('Ada Lovelace')).toBe('generic');
    expect(screen.getByRole('img', { name: 'Ada Lovelace' }).tagName).not.toBe('IMG');
  });

  it('shows the generic picture when the image fails to load', () => {
    render(<Picture src="https://uploads.test/gone.png" alt="Ada Lovelace" variant="avatar" />);
    fireEvent.error(screen.getByRole('img', { name: 'Ada Lovelace' }));
    expect(shown('Ada Lovelace')).toBe('generic');
  });

  it('gives up after 5 s without the image', () => {
    render(<Picture src="https://uploads.test/slow.png" alt="Logo of Acme" variant="logo" />);
    act(() => vi.advanceTimersByTime(4999));
    expect(shown('Logo of Acme')).toBe('loading');
    act(() => vi.advanceTimersByTime(1));
    expect(shown('Logo of Acme')).toBe('generic');
  });

  it('keeps an image that loaded in time', () => {
    render(<Picture src="https://uploads.test/a.png" alt="Logo of Acme" variant="logo" />);
    fireEvent.load(screen.getByRole('img', { name: 'Logo of Acme' }));
    act(() => vi.advanceTimersByTime(10_000));
    expect(shown('Logo of Acme')).toBe('loaded');
  });

  it('tries again with a new URL after a failure', () => {
    const { rerender } = render(<Picture src="https://uploads.test/old.png" alt="Ada" variant="avatar" />);
    fireEvent.error(screen.getByRole('img', { name: 'Ada' }));
    expect(shown('Ada')).toBe('generic');
    rerender(<Picture src="https://uploads.test/new.png" alt="Ada" variant="avatar" />);
    expect(screen.getByRole('img', { name: 'Ada' })).toHaveAttribute('src', 'https://uploads.test/new.png');
  });
});
