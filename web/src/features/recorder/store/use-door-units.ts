import { useEffect, useState } from 'react';
import type { DoorUnit } from '@sitewalk/shared/schemas/walkReport';
import type { Outbox } from './types.ts';

/**
 * The units the API drew for a session's door checks (issue 27): undefined while read from the phone's store,
 * null until the walk's start has been answered (read again each time the outbox changes, and the outbox asked
 * to send when a door check waits for them), then the draw, kept on the phone so a reload shows the same units.
 */
export const useDoorUnits = (outbox: Outbox, sessionKey: string, wanted: boolean) => {
  const [units, setUnits] = useState<DoorUnit[] | null | undefined>(undefined);
  const known = units !== undefined && units !== null;
  useEffect(() => {
    if (known) return;
    let live = true;
    const read = () =>
      void outbox.doorUnitsOf(sessionKey).then(
        (found) => live && setUnits(found),
        () => live && setUnits(null),
      );
    read();
    const unsubscribe = outbox.subscribe(read);
    return () => {
      live = false;
      unsubscribe();
    };
  }, [outbox, sessionKey, known]);
  // A door check is open and its unit not known yet: send the start now, if it can be sent.
  useEffect(() => {
    if (wanted && units === null) void outbox.flush();
  }, [outbox, wanted, units]);
  return units;
};
