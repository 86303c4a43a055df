import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { DRAG_HINT, SortableCards } from './sortable-cards.tsx';

const items = [
  { id: 1, name: 'Alpha' },
  { id: 2, name: 'Beta' },
];

const renderCards = () =>
  renderWithProviders(
    <SortableCards
      items={items}
      onReorder={vi.fn()}
      renderCard={(item, handle) => (
        <div>
          {handle}
          {item.name}
        </div>
      )}
    />,
  );

const advance = (ms: number) =>
  act(() => {
    vi.advanceTimersByTime(ms);
  });

describe("the 'Drag tables to change order' hint", () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('appears after 700 ms of hover and hides after 3 s', async () => {
    renderCards();
    fireEvent.mouseEnter(screen.getByTestId('card-1'));
    await advance(699);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
    await advance(1);
    expect(screen.getByRole('tooltip')).toHaveTextContent(DRAG_HINT);
    await advance(2_900);
    expect(screen.getByRole('tooltip')).toHaveTextContent(DRAG_HINT);
    await advance(100);
    await advance(1_000); // the closing transition
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });

  it('hides when the pointer leaves, and never shows for a shorter hover', async () => {
    renderCards();
    const card = screen.getByTestId('card-2');
    fireEvent.mouseEnter(card);
    await advance(400);
    fireEvent.mouseLeave(card);
    await advance(1_000);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();

    fireEvent.mouseEnter(card);
    await advance(700);
    expect(screen.getByRole('tooltip')).toHaveTextContent(DRAG_HINT);
    fireEvent.mouseLeave(card);
    await advance(1_000);
    expect(screen.queryByRole('tooltip')).not.toBeInTheDocument();
  });
});
