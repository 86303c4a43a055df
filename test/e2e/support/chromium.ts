/** Debian's Chromium, as the journeys and the web bench drive it (docs/testing.md). */
export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Headless, and nothing Chromium itself would fetch from the network. */
export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

export const missingChromium = `Chromium is not installed at ${CHROMIUM_PATH}; the browser journeys need it. Install it with:
  apt-get update && apt-get install -y chromium`;
