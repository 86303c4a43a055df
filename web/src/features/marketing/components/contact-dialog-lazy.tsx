import { lazy, Suspense, useState } from 'react';

const ContactDialog = lazy(() => import('./contact-dialog.tsx').then((m) => ({ default: m.ContactDialog })));

/**
 * The contact pop-up, loaded on first open: MUI's Dialog (modal, focus trap, transitions) stays out of the
 * code a public page loads up front. Once loaded it stays mounted, so closing it plays its transition.
 */
export const LazyContactDialog = ({ open, onClose }: { open: boolean; onClose: () => void }) => {
  const [wanted, setWanted] = useState(open);
  if (open && !wanted) setWanted(true);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <ContactDialog open={open} onClose={onClose} />
    </Suspense>
  );
};
