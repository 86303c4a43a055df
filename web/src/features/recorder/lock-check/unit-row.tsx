import { memo, useId, useState } from 'react';
import {
  DISCREPANCY_LABELS,
  LOCK_FINDING_LABELS,
  LOCK_FINDINGS,
  photoRequired,
  UNIT_STATUS_LABELS,
  type LockFinding,
} from '@sitewalk/shared/lock-check';
import { messages } from '@sitewalk/shared/messages';
import { runAfterPaint } from '../../../lib/after-paint.ts';
import { preparePhoto } from '../components/photo-file.ts';
import type { ShrinkPhoto } from '../photos/shrink-photo.ts';
import { unitDiscrepancies, type CheckUnit, type TakenPhoto } from './lock-check-actions.ts';

/** The buttons' words: short enough for three in a row at 320 px (the full words are their names). */
export const FINDING_BUTTON_TEXT: Record<LockFinding, string> = {
  tenantLock: 'Tenant lock',
  overlock: 'Overlock',
  companyLock: 'Company lock',
  noLock: 'No lock',
  doorOpen: 'Door open',
  lockCut: 'Lock cut',
};

/** From this width a row's six buttons stand in one line. */
export const WIDE_ROW_QUERY = '(min-width:600px)';
/** A unit's row height: two rows of three buttons on a phone, one row of six from 600 px. */
export const unitRowHeight = (wide: boolean) => (wide ? 134 : 182);

export interface UnitRowProps {
  unit: CheckUnit;
  /** The unit's result (its last tap sent), or null. */
  finding: LockFinding | null;
  /** A tap that waits for its door photo (a discrepancy), or null. */
  awaitingPhoto: LockFinding | null;
  photoCount: number;
  /** The number read on the unit's door photo, when it is not this unit (the report's `photoMismatch`). */
  mismatch: string | null;
  top: number;
  height: number;
  onTap: (unit: CheckUnit, finding: LockFinding) => void;
  onPhoto: (unit: CheckUnit, photo: TakenPhoto) => void;
  shrinkPhoto: ShrinkPhoto;
}

const rosterLine = (unit: CheckUnit) => {
  if (!unit.roster) return 'Not on the roster';
  const parts: string[] = [UNIT_STATUS_LABELS[unit.roster.status]];
  if (unit.roster.delinquent) parts.push('Delinquent');
  if (unit.roster.overlocked) parts.push('Overlocked');
  return parts.join(' · ');
};

/**
 * One unit of the check: its number and roster line, a camera button, one button per finding (the tapped one
 * pressed), and what the tap means (its discrepancies, a photo still needed, a door number that differs).
 * Memoized, and a tap is drawn by the row alone: it shows the tapped finding at once (`tapped`), and the check
 * records it (the count, the outbox, the save) once that is on screen.
 */
export const UnitRow = memo(function UnitRow({
  unit,
  finding,
  awaitingPhoto,
  photoCount,
  mismatch,
  top,
  height,
  onTap,
  onPhoto,
  shrinkPhoto,
}: UnitRowProps) {
  const inputId = useId();
  const [preparing, setPreparing] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const [tapped, setTapped] = useState<LockFinding | null>(null);
  // A tap not yet recorded waits for a photo as the recorded one will (`tapFinding`).
  const awaiting = tapped ? (photoRequired(unit.roster, tapped) ? tapped : null) : awaitingPhoto;
  const shown = tapped ?? awaitingPhoto ?? finding;
  const discrepancies = unitDiscrepancies(unit, shown);
  const note = preparing
    ? messages.photo.preparing
    : problem
      ? problem
      : awaiting
        ? // One line at 320 px (the row's height is fixed): the button's own words.
          `Photo required to record ${FINDING_BUTTON_TEXT[awaiting].toLowerCase()}`
        : mismatch
          ? `The door photo shows unit ${mismatch}`
          : discrepancies.map((kind) => DISCREPANCY_LABELS[kind]).join(' · ');
  const alert = awaiting !== null || problem !== null || mismatch !== null || discrepancies.length > 0;
  return (
    <div
      role="listitem"
      aria-label={`Unit ${unit.number}`}
      className={alert ? 'unit alert' : 'unit'}
      style={{ transform: `translateY(${top}px)`, height }}
    >
      <div className="unit-head">
        <div className="unit-name">
          <strong>{unit.number}</strong>
          <span>{rosterLine(unit)}</span>
        </div>
        {/* The recorder's PhotoInput, made of plain elements styled by the list (LockCheckStyles): rows mount
            as the list scrolls, and a styled component per row costs frames at a phone's speed. */}
        <input
          id={inputId}
          type="file"
          accept="image/*"
          capture="environment"
          className="unit-photo-input"
          aria-label={`Door photo of unit ${unit.number}`}
          disabled={preparing}
          onChange={(event) => {
            const [file] = event.target.files ?? [];
            event.target.value = '';
            if (!file) return;
            setProblem(null);
            setPreparing(true);
            void preparePhoto(file, shrinkPhoto).then((prepared) => {
              setPreparing(false);
              if ('problem' in prepared) return setProblem(prepared.problem);
              onPhoto(unit, { blob: prepared.blob, contentType: prepared.contentType });
            });
          }}
        />
        <label htmlFor={inputId} className={awaiting ? 'unit-photo needed' : 'unit-photo'}>
          <svg viewBox="0 0 24 24" aria-hidden focusable="false">
            <circle cx="12" cy="12" r="3.2" />
            <path d="M9 2 7.17 4H4c-1.1 0-2 .9-2 2v12c0 1.1.9 2 2 2h16c1.1 0 2-.9 2-2V6c0-1.1-.9-2-2-2h-3.17L15 2zm3 15c-2.76 0-5-2.24-5-5s2.24-5 5-5 5 2.24 5 5-2.24 5-5 5" />
          </svg>
          {photoCount > 0 ? `Photo (${photoCount})` : 'Photo'}
        </label>
      </div>
      <div className="findings" role="group" aria-label={`What is seen at unit ${unit.number}`}>
        {LOCK_FINDINGS.map((candidate) => (
          <button
            key={candidate}
            type="button"
            className="finding"
            aria-pressed={shown === candidate}
            aria-label={LOCK_FINDING_LABELS[candidate]}
            data-discrepancy={shown === candidate && discrepancies.length > 0 ? '' : undefined}
            onClick={() => {
              setTapped(candidate);
              runAfterPaint(() => {
                onTap(unit, candidate);
                setTapped((now) => (now === candidate ? null : now));
              });
            }}
          >
            {FINDING_BUTTON_TEXT[candidate]}
          </button>
        ))}
      </div>
      <div className="unit-note" role={alert ? 'status' : undefined}>
        {note}
      </div>
    </div>
  );
});
