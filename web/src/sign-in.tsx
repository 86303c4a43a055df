import { createRoot, hydrateRoot } from 'react-dom/client';
import { SignInApp, signInViewOf } from './features/auth/sign-in-app.tsx';
import './features/auth/auth.css';

/**
 * The sign-in pages' entry (sign-in.html): /login and the password reset pages. The document was
 * prerendered for one view (`data-view` on #root, web/src/prerender.tsx): when this URL shows that view it
 * is hydrated, else (a confirm link without its token) rendered afresh.
 */
const root = document.getElementById('root');
if (!root) throw new Error('sign-in.html has no #root element');

const { pathname } = window.location;
const app = <SignInApp pathname={pathname} />;
if (root.dataset.view === signInViewOf(pathname)) {
  hydrateRoot(root, app);
} else {
  root.replaceChildren();
  createRoot(root).render(app);
}
