import { describe, expect, it } from 'vitest';
import { screen } from '@testing-library/react';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { PriorityBadge } from './priority-badge.tsx';

describe('PriorityBadge: 1 Critical, 2 Important, 3 Regular, else Unknown', () => {
  it.each([
    [1, 'Critical'],
    [2, 'Important'],
    [3, 'Regular'],
    [0, 'Unknown'],
    [4, 'Unknown'],
  ])('typeId %i reads %s', (typeId, text) => {
    renderWithProviders(<PriorityBadge typeId={typeId} />);
    expect(screen.getByTestId('priority-badge')).toHaveTextContent(text);
  });
});
