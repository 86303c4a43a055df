/** Walk windows around the real time, for tests that must hold at any hour of the day. */

const hourIn = (zone: string) =>
  Number(
    new Intl.DateTimeFormat('en-GB', { hour: '2-digit', hour12: false, timeZone: zone }).format(new Date()),
  );

/** A zone where it is now between 05:00 and 19:00, so windows hours either side of now fall on today. */
export const daytimeZone = (): string => {
  const zones = ['America/Los_Angeles', 'America/New_York', 'Europe/London', 'Asia/Dubai', 'Asia/Tokyo'];
  const zone = zones.find((z) => hourIn(z) >= 5 && hourIn(z) < 19);
  if (!zone) throw new Error('No zone of the list is in daytime');
  return zone;
};

/** The local time `minutes` from now in a zone, HH:MM. */
export const localTime = (zone: string, minutes: number): string =>
  new Intl.DateTimeFormat('en-GB', {
    hour: '2-digit',
    minute: '2-digit',
    hour12: false,
    timeZone: zone,
  }).format(new Date(Date.now() + minutes * 60_000));
