import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { Detail, DetailList } from './details.tsx';

describe('DetailList', () => {
  it('pairs each label with its value in a description list', () => {
    render(
      <DetailList data-testid="facts">
        <Detail label="Name">North Area</Detail>
        <Detail label="Total Locations">{0}</Detail>
      </DetailList>,
    );
    const list = screen.getByTestId('facts');
    expect(list.tagName).toBe('DL');
    expect(screen.getAllByRole('term').map((term) => term.textContent)).toEqual(['Name', 'Total Locations']);
    expect(screen.getAllByRole('definition').map((value) => value.textContent)).toEqual(['North Area', '0']);
  });

  it('is an empty list without details', () => {
    render(<DetailList data-testid="facts">{null}</DetailList>);
    expect(screen.getByTestId('facts')).toBeEmptyDOMElement();
  });
});
