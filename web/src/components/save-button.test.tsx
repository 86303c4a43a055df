import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@sitewalk/shared/messages';
import { SaveButton } from './save-button.tsx';

describe('SaveButton', () => {
  it('submits its form, and says Saving..., Saved! and Error beside it', async () => {
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    const { rerender } = render(
      <form onSubmit={onSubmit}>
        <SaveButton status={null} />
      </form>,
    );
    expect(screen.getByRole('status')).toHaveTextContent('');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(onSubmit).toHaveBeenCalledOnce();
    for (const [status, text] of [
      ['working', messages.status.saving],
      ['done', messages.status.saved],
      ['error', messages.status.error],
    ] as const) {
      rerender(
        <form onSubmit={onSubmit}>
          <SaveButton status={status} />
        </form>,
      );
      expect(screen.getByRole('status')).toHaveTextContent(text);
    }
  });

  it('runs its own action without submitting the form, under its own label', async () => {
    const onSubmit = vi.fn((event: React.FormEvent) => event.preventDefault());
    const onClick = vi.fn();
    render(
      <form onSubmit={onSubmit}>
        <SaveButton status={null} label="Save Zoom & Center" onClick={onClick} />
      </form>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save Zoom & Center' }));
    expect(onClick).toHaveBeenCalledOnce();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('does nothing while disabled', async () => {
    const onClick = vi.fn();
    render(<SaveButton status={null} disabled onClick={onClick} />);
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.setup({ pointerEventsCheck: 0 }).click(screen.getByRole('button', { name: 'Save' }));
    expect(onClick).not.toHaveBeenCalled();
  });
});
