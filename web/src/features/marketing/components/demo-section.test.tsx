import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '../../../testing/test-utils.tsx';
import { demoShots, demoSlots } from '../content/demo-shots.ts';
import { CONTACT_DIALOG_ID } from './contact-dialog.tsx';
import { DemoSection } from './demo-section.tsx';

describe('the Demo section', () => {
  it('shows no image at all while the screenshots have not been generated', () => {
    renderWithProviders(<DemoSection shots={[]} />);
    expect(screen.getByRole('heading', { name: 'Demo' })).toBeInTheDocument();
    expect(screen.queryByRole('img')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Ask for a walkthrough' })).toBeInTheDocument();
  });

  it('shows the screenshots that exist under /demo/, with their captions', () => {
    const shots = demoShots((file) => file === 'dashboard.png' || file === 'incident.png');
    renderWithProviders(<DemoSection shots={shots} />);
    const images = screen.getAllByRole('img');
    expect(images.map((image) => image.getAttribute('src'))).toEqual([
      '/demo/dashboard.png',
      '/demo/incident.png',
    ]);
    expect(images[0]).toHaveAccessibleName('SiteWalk dashboard screen with demo data');
  });

  it('offers a walkthrough through the contact pop-up', () => {
    renderWithProviders(<DemoSection shots={demoSlots} />);
    expect(screen.getByRole('button', { name: 'Ask for a walkthrough' })).toHaveAttribute(
      'popovertarget',
      CONTACT_DIALOG_ID,
    );
  });
});
