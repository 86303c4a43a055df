import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@sitewalk/shared/messages';
import { ImageUpload, type ImageUploadProps } from './image-upload.tsx';

const file = (bytes: number, name: string, type: string) => new File([new Uint8Array(bytes)], name, { type });

/** The picker as a form holds it: the chosen file in state. */
const Harness = ({
  onChange,
  ...props
}: Partial<ImageUploadProps> & { onChange?: (file: File | null) => void }) => {
  const [value, setValue] = useState<File | null>(null);
  return (
    <ImageUpload
      label="Logo"
      value={value}
      onChange={(next) => {
        setValue(next);
        onChange?.(next);
      }}
      {...props}
    />
  );
};

// The accept list is a hint a person can get round (any file from "All files"): the checks must hold.
const user = () => userEvent.setup({ applyAccept: false });

describe('ImageUpload', () => {
  it('offers only the types the API takes', () => {
    render(<Harness />);
    expect(screen.getByLabelText('Logo')).toHaveAttribute(
      'accept',
      'image/jpeg,image/jpg,image/png,.png,.jpg,.jpeg',
    );
    expect(screen.getByRole('button', { name: 'Choose Logo' })).toBeEnabled();
    expect(screen.getByText('PNG or JPEG, at most 1.0 MB')).toBeInTheDocument();
  });

  it.each([
    ['a text file', file(10, 'notes.txt', 'text/plain'), messages.upload.selectImage],
    ['an SVG', file(10, 'logo.svg', 'image/svg+xml'), messages.upload.invalidFileType],
    ['a HEIC photo', file(10, 'logo.heic', 'image/heic'), messages.upload.invalidFileType],
    ['a PNG of 1,000,001 bytes', file(1_000_001, 'big.png', 'image/png'), messages.upload.fileTooLarge],
  ])('refuses %s with the spec message and keeps no file', async (_, bad, message) => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} />);
    await user().upload(screen.getByLabelText('Logo'), bad);
    expect(screen.getByRole('alert')).toHaveTextContent(message);
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.queryByRole('img', { name: 'Logo preview' })).not.toBeInTheDocument();
  });

  it('previews a good file before it is saved, and Remove takes it back', async () => {
    const onChange = vi.fn();
    render(<Harness onChange={onChange} currentUrl="https://uploads.test/old.png" />);
    expect(screen.getByRole('img', { name: 'Current logo' })).toHaveAttribute(
      'src',
      'https://uploads.test/old.png',
    );

    const good = file(1_000_000, 'acme.png', 'image/png');
    await user().upload(screen.getByLabelText('Logo'), good);
    expect(onChange).toHaveBeenLastCalledWith(good);
    await waitFor(() =>
      expect(screen.getByRole('img', { name: 'Logo preview' }).getAttribute('src')).toMatch(
        /^data:image\/png;base64,/,
      ),
    );
    expect(screen.getByText('acme.png · 1.0 MB')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();

    await user().click(screen.getByRole('button', { name: 'Remove' }));
    expect(onChange).toHaveBeenLastCalledWith(null);
    expect(screen.getByRole('img', { name: 'Current logo' })).toHaveAttribute(
      'src',
      'https://uploads.test/old.png',
    );
  });

  it('clears an old message when a good file follows a bad one', async () => {
    render(<Harness />);
    await user().upload(screen.getByLabelText('Logo'), file(10, 'a.gif', 'image/gif'));
    expect(screen.getByRole('alert')).toHaveTextContent(messages.upload.invalidFileType);
    await user().upload(screen.getByLabelText('Logo'), file(10, 'a.jpg', 'image/jpeg'));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the upload progress', () => {
    render(<Harness progress={40} />);
    const bar = screen.getByRole('progressbar', { name: 'Uploading logo' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('Uploading… 40%')).toBeInTheDocument();
  });

  it('shows no bar without progress, and nothing to choose when disabled', () => {
    render(<Harness disabled />);
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Choose Logo' })).toBeDisabled();
  });
});
