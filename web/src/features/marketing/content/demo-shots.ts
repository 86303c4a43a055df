/**
 * The Demo section's screenshots: files under web/public/demo/, taken from the product over the demo data
 * (`npm run seed:demo`) by a script. Which files exist is read at build time, so an absent screenshot
 * leaves no broken image and costs no request: the glob's keys name the files; its loaders are never called.
 */
const present = new Set(
  Object.keys(import.meta.glob('../../../../public/demo/*.{png,webp,jpg}')).map((key) =>
    key.slice(key.lastIndexOf('/') + 1),
  ),
);

export interface DemoShot {
  /** The file under /demo/. */
  file: string;
  title: string;
  caption: string;
}

/** The slots, in the order shown; a slot whose file is absent is left out. */
export const demoSlots: readonly DemoShot[] = [
  {
    file: 'dashboard.png',
    title: 'Dashboard',
    caption:
      'One card per facility: walks in the last 72 hours and the last week, coloured when too few, and open incidents by type.',
  },
  {
    file: 'incident.png',
    title: 'Incident',
    caption: 'Priority, status, the team’s notes newest first, and the photos taken on site.',
  },
  {
    file: 'walk-report.png',
    title: 'Walk report',
    caption: 'Who walked, when, how long it took, and each checkpoint reached on the map.',
  },
  {
    file: 'walk-setup.png',
    title: 'Walk setup',
    caption: 'A walk drawn as numbered checkpoints on the map of the facility.',
  },
];

export const demoShots = (isPresent: (file: string) => boolean = (file) => present.has(file)) =>
  demoSlots.filter((shot) => isPresent(shot.file));
