import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { messages } from '@sitewalk/shared/messages';
import { DeleteCard } from './delete-card.tsx';

const props = {
  label: 'Delete Area',
  confirmTitle: 'Delete Profile?',
  confirmMessage: messages.confirm.deleteArea,
  status: null,
} as const;

describe('DeleteCard', () => {
  it('asks first; Cancel deletes nothing, Confirm closes the dialog and deletes', async () => {
    const user = userEvent.setup();
    const onConfirm = vi.fn();
    render(<DeleteCard {...props} onConfirm={onConfirm} />);
    await user.click(screen.getByRole('button', { name: 'Delete Area' }));
    const dialog = screen.getByRole('dialog', { name: 'Delete Profile?' });
    expect(dialog).toHaveAccessibleDescription(messages.confirm.deleteArea);
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(onConfirm).not.toHaveBeenCalled();
    await user.click(screen.getByRole('button', { name: 'Delete Area' }));
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onConfirm).toHaveBeenCalledOnce();
    await vi.waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('says the delete’s status, and waits while it runs or while the page is busy', () => {
    const { rerender } = render(<DeleteCard {...props} status="working" onConfirm={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent(messages.status.deleting);
    expect(screen.getByRole('button', { name: 'Delete Area' })).toBeDisabled();
    rerender(<DeleteCard {...props} status={null} disabled onConfirm={vi.fn()} />);
    expect(screen.getByRole('button', { name: 'Delete Area' })).toBeDisabled();
    rerender(<DeleteCard {...props} status="error" onConfirm={vi.fn()} />);
    expect(screen.getByRole('status')).toHaveTextContent(messages.status.error);
    expect(screen.getByRole('button', { name: 'Delete Area' })).toBeEnabled();
  });

  it('says why a delete was refused, under its title when given, and nothing when there is no failure', () => {
    const { rerender } = render(<DeleteCard {...props} failure={null} onConfirm={vi.fn()} />);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    rerender(
      <DeleteCard
        {...props}
        failure="Delete its locations first."
        failureTitle="North Area was not deleted"
        onConfirm={vi.fn()}
      />,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('North Area was not deleted');
    expect(screen.getByRole('alert')).toHaveTextContent('Delete its locations first.');
  });
});
