import type { ReactNode } from 'react';
import { paths } from '../../../config/paths.ts';
import { LogoMark } from '../../../components/logo-mark.tsx';

/** The frame of the sign-in pages: the logo home, a card with the heading, and the legal links. */
export const AuthCard = ({ title, children }: { title: string; children: ReactNode }) => (
  <main className="auth-page">
    <a className="auth-logo" href={paths.home.build()} aria-label="SiteWalk home">
      <LogoMark size={36} />
      <span>SiteWalk</span>
    </a>
    <section className="auth-card">
      <h1>{title}</h1>
      {children}
    </section>
    <nav className="auth-links" aria-label="Legal">
      <a href={paths.home.build()}>Home</a>
      <a href={paths.terms.build()}>Terms of Service</a>
      <a href={paths.privacy.build()}>Privacy Policy</a>
    </nav>
  </main>
);
