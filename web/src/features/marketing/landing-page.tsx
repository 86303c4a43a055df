import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { AboutSection } from './components/about-section.tsx';
import { LazyContactDialog } from './components/contact-dialog-lazy.tsx';
import { DemoSection } from './components/demo-section.tsx';
import { FaqSection } from './components/faq-section.tsx';
import { HeroSection } from './components/hero-section.tsx';
import { PricingSection } from './components/pricing-section.tsx';
import { PublicLayout } from './components/public-layout.tsx';
import { WhySection } from './components/why-section.tsx';
import { landingSections } from './content/landing-sections.ts';
import { scrollToSection } from './utils/scroll-to-section.ts';

/** `/`: the public landing page (spec section 2, "Landing page"). */
export const LandingPage = () => {
  const [contactOpen, setContactOpen] = useState(false);
  const openContact = () => setContactOpen(true);
  const { hash } = useLocation();

  // A link to /#faq: the page is loaded lazily, so the browser's own jump to the anchor comes too early.
  useEffect(() => {
    const id = hash.slice(1);
    if (landingSections.some((section) => section.id === id)) scrollToSection(id);
  }, [hash]);

  return (
    <PublicLayout sections={landingSections}>
      <HeroSection onGetStarted={openContact} />
      <WhySection />
      <DemoSection onRequestDemo={openContact} />
      <AboutSection />
      <PricingSection onGetStarted={openContact} />
      <FaqSection />
      <LazyContactDialog open={contactOpen} onClose={() => setContactOpen(false)} />
    </PublicLayout>
  );
};
