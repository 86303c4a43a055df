/**
 * Scrolls smoothly to a section of the page (instantly when the visitor asks for reduced motion) and moves
 * the keyboard focus there, so the next Tab continues inside the section.
 */
export const scrollToSection = (id: string) => {
  const target = document.getElementById(id);
  if (!target) return;
  const reduceMotion = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ?? false;
  target.scrollIntoView({ behavior: reduceMotion ? 'auto' : 'smooth', block: 'start' });
  target.focus({ preventScroll: true });
};
