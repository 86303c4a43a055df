import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useForm } from 'react-hook-form';
import { describe, expect, it, vi } from 'vitest';
import { IdSelectField } from './id-select-field.tsx';

const organizations = [
  { id: 4, name: 'North Area' },
  { id: 7, name: 'South Area' },
];

const Form = ({
  start,
  onValue,
  problem,
}: {
  start?: number;
  onValue: (value: number | undefined) => void;
  problem?: string;
}) => {
  const form = useForm<{ organizationId?: number }>({ defaultValues: { organizationId: start } });
  return (
    <form onSubmit={(event) => void form.handleSubmit((values) => onValue(values.organizationId))(event)}>
      <IdSelectField
        control={form.control}
        name="organizationId"
        label="Area"
        options={organizations}
        problem={problem}
      />
      <button type="submit">Submit</button>
    </form>
  );
};

describe('IdSelectField', () => {
  it('offers the options by name and holds the chosen id as a number', async () => {
    const user = userEvent.setup();
    const onValue = vi.fn();
    render(<Form onValue={onValue} />);
    await user.click(screen.getByRole('combobox', { name: /Area/ }));
    const listbox = screen.getByRole('listbox');
    expect(
      within(listbox)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['North Area', 'South Area']);
    await user.click(within(listbox).getByRole('option', { name: 'South Area' }));
    await user.click(screen.getByRole('button', { name: 'Submit' }));
    expect(onValue).toHaveBeenCalledWith(7);
  });

  it('shows an id the options do not hold as nothing chosen', () => {
    render(<Form start={99} onValue={vi.fn()} />);
    expect(screen.getByRole('combobox', { name: /Area/ })).not.toHaveTextContent(/\w/);
  });

  it('says a problem of its options under the field', () => {
    render(<Form onValue={vi.fn()} problem="The areas could not be loaded." />);
    expect(screen.getByText('The areas could not be loaded.')).toBeInTheDocument();
  });
});
