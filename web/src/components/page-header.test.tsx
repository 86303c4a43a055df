import { render, screen } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { PageHeader } from './page-header.tsx';

const renderHeader = (ui: React.ReactElement) => render(<MemoryRouter>{ui}</MemoryRouter>);

describe('PageHeader', () => {
  it('is the page’s one heading, with its back link, badges, actions and subtitle', () => {
    renderHeader(
      <PageHeader
        title="North Area"
        back={{ to: '/app/organizations', label: 'Back to Areas' }}
        leading={<img alt="Logo of North Area" />}
        badges={<span>Critical</span>}
        actions={<button type="button">Update</button>}
        subtitle="12 locations"
      />,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'North Area' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Back to Areas' })).toHaveAttribute('href', '/app/organizations');
    expect(screen.getByRole('img', { name: 'Logo of North Area' })).toBeInTheDocument();
    expect(screen.getByText('Critical')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Update' })).toBeInTheDocument();
    expect(screen.getByText('12 locations')).toBeInTheDocument();
  });

  it('shows only the heading when nothing else is given, or only falsy actions and subtitle', () => {
    const { container } = renderHeader(<PageHeader title="Areas" actions={false} subtitle="" />);
    expect(screen.getByRole('heading', { level: 1, name: 'Areas' })).toBeInTheDocument();
    expect(screen.queryByRole('link')).not.toBeInTheDocument();
    expect(screen.queryByRole('button')).not.toBeInTheDocument();
    expect(container).toHaveTextContent(/^Areas$/);
  });
});
