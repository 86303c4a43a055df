import { formatTimeWithSeconds } from '../../../lib/time.ts';
import type { FailedWrite, OutboxStatus, OutboxWrite } from './types.ts';

/** The outbox indicator's words (the recorder's screen texts, RECORDER.md). */
export const waitingText = (n: number) => (n === 1 ? '1 item waiting to send' : `${n} items waiting to send`);

/**
 * Bytes in megabytes as the phone counts them (1 MB = 1,000,000 bytes, as the 10 MB photo limit): one decimal,
 * never '0.0 MB' for a photo that is waiting.
 */
export const megabytesText = (bytes: number) => {
  const mb = bytes / 1_000_000;
  return mb > 0 && mb < 0.1 ? '< 0.1 MB' : `${mb.toFixed(1)} MB`;
};

/** What is waiting: '3 items waiting to send · 4.2 MB' (no size when no photo waits). */
const backlogText = ({ waiting, bytes }: Pick<OutboxStatus, 'waiting' | 'bytes'>) =>
  bytes > 0 ? `${waitingText(waiting)} · ${megabytesText(bytes)}` : waitingText(waiting);

/** The indicator's line: what is waiting, being sent, or all sent; offline first. */
export const outboxStatusText = (
  status: Pick<OutboxStatus, 'waiting' | 'sending' | 'online'> & Partial<Pick<OutboxStatus, 'bytes'>>,
): string => {
  const backlog = { waiting: status.waiting, bytes: status.bytes ?? 0 };
  if (!status.online)
    return status.waiting === 0 ? 'Offline — all sent' : `Offline — ${backlogText(backlog)}`;
  if (status.sending) return status.waiting === 0 ? 'Sending…' : `Sending… ${backlogText(backlog)}`;
  return status.waiting === 0 ? 'All sent' : backlogText(backlog);
};

const writeNames: Record<OutboxWrite['kind'], string> = {
  start: 'Start of the walk',
  checkpoint: 'Arrival',
  note: 'Note',
  photo: 'Photo',
  incident: 'Incident',
  finish: 'Finish of the walk',
  discarded: 'Notice of a discarded item',
  lockCheckStart: 'Start of the lock check',
  lockResult: 'Lock check result',
  lockPhoto: 'Door photo',
  lockCheckFinish: 'Finish of the lock check',
};

/**
 * A failed write in words: 'Note: {the API's message}'; a photo 'The photo could not be uploaded: {why}'
 * (issue 28).
 */
export const failedWriteText = ({
  write,
  message,
  photosOnly,
}: Pick<FailedWrite, 'write' | 'message' | 'photosOnly'>): string =>
  write.kind === 'photo' || write.kind === 'lockPhoto' || photosOnly
    ? `The photo could not be uploaded: ${message}`
    : `${writeNames[write.kind]}: ${message}`;

const at = (label: number | null) => (label === null ? '' : ` of checkpoint ${label}`);

/** What a failed write is, in a sentence: 'the photo of checkpoint 4'. */
export const failedWriteName = ({
  write,
  markerLabel,
  photosOnly,
}: Pick<FailedWrite, 'write' | 'markerLabel' | 'photosOnly'>) => {
  switch (write.kind) {
    case 'start':
      return 'the start of the walk';
    case 'checkpoint':
      return markerLabel === null
        ? 'the arrival at a checkpoint'
        : `the arrival at checkpoint ${markerLabel}`;
    case 'note':
      return `the note${at(markerLabel)}`;
    case 'photo':
      return `the photo${at(markerLabel)}`;
    case 'incident':
      return photosOnly ? 'the photos of the incident' : 'the incident';
    case 'finish':
      return 'the finish of the walk';
    case 'discarded':
      return 'the notice of a discarded item';
    case 'lockCheckStart':
      return 'the start of the lock check';
    case 'lockResult':
      return `the result of unit ${write.result.unit}`;
    case 'lockPhoto':
      return `the door photo of unit ${write.photo.unit}`;
    case 'lockCheckFinish':
      return 'the finish of the lock check';
  }
};

/** The discard confirmation's question: 'Discard the photo of checkpoint 4?'. */
export const discardQuestion = (failure: Pick<FailedWrite, 'write' | 'markerLabel' | 'photosOnly'>) =>
  `Discard ${failedWriteName(failure)}?`;

/** What is lost, said in the confirmation. */
export const discardConsequence = (failure: Pick<FailedWrite, 'write' | 'reported' | 'photosOnly'>) => {
  if (failure.photosOnly)
    return 'They will not be sent; the incident itself is saved. The walk report will show that an item was discarded on this phone.';
  if (failure.write.kind === 'start')
    return 'It will not be sent, and nothing recorded on this walk can be sent without it.';
  if (failure.write.kind === 'lockCheckStart')
    return 'It will not be sent, and nothing recorded on this lock check can be sent without it.';
  if (failure.reported)
    return 'It will not be sent. The walk report will show that an item was discarded on this phone.';
  return 'It will not be sent.';
};

/** The name of a failed write's buttons, for screen readers: 'Retry the photo of checkpoint 4'. */
export const retryLabel = (failure: Pick<FailedWrite, 'write' | 'markerLabel' | 'photosOnly'>) =>
  `Retry ${failedWriteName(failure)}`;
export const discardLabel = (failure: Pick<FailedWrite, 'write' | 'markerLabel' | 'photosOnly'>) =>
  `Discard ${failedWriteName(failure)}`;

export const failedTitle = (n: number) =>
  n === 1 ? '1 item could not be sent' : `${n} items could not be sent`;

/** When the next attempt is due, as a time of day on this device (the viewer's zone). */
export const retryText = (retryAt: number) => `Next try at ${formatTimeWithSeconds(retryAt)}`;
