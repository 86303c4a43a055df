import { AboutSection } from './components/about-section.tsx';
import { ContactDialog } from './components/contact-dialog.tsx';
import { DemoSection } from './components/demo-section.tsx';
import { FaqSection } from './components/faq-section.tsx';
import { HeroSection } from './components/hero-section.tsx';
import { PricingSection } from './components/pricing-section.tsx';
import { PublicLayout } from './components/public-layout.tsx';
import { WhySection } from './components/why-section.tsx';
import { landingSections } from './content/landing-sections.ts';

/**
 * `/`: the public landing page, prerendered: its section buttons are
 * anchors, 'Get Started Today' opens a native popover, and the page loads no React.
 */
export const LandingPage = () => (
  <PublicLayout sections={landingSections}>
    <HeroSection />
    <WhySection />
    <DemoSection />
    <AboutSection />
    <PricingSection />
    <FaqSection />
    <ContactDialog />
  </PublicLayout>
);
