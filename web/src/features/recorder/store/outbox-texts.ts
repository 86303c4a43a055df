import type { FailedWrite, OutboxStatus, OutboxWrite } from './types.ts';

/** The outbox indicator's words (the recorder's screen texts, RECORDER.md). */
export const waitingText = (n: number) => (n === 1 ? '1 item waiting to send' : `${n} items waiting to send`);

/** The indicator's line: what is waiting, being sent, or all sent; offline first. */
export const outboxStatusText = (status: Pick<OutboxStatus, 'waiting' | 'sending' | 'online'>): string => {
  if (!status.online)
    return status.waiting === 0 ? 'Offline — all sent' : `Offline — ${waitingText(status.waiting)}`;
  if (status.sending) return 'Sending…';
  return status.waiting === 0 ? 'All sent' : waitingText(status.waiting);
};

const writeNames: Record<OutboxWrite['kind'], string> = {
  start: 'Start of the walk',
  checkpoint: 'Arrival',
  note: 'Note',
  photo: 'Photo',
  incident: 'Incident',
  finish: 'Finish of the walk',
};

/** A failed write in words: 'Note: {the API's message}'. */
export const failedWriteText = ({ write, message }: FailedWrite): string =>
  `${writeNames[write.kind]}: ${message}`;

export const failedTitle = (n: number) =>
  n === 1 ? '1 item could not be sent' : `${n} items could not be sent`;

/** When the next attempt is due, as a time of day. */
export const retryText = (retryAt: number) =>
  `Next try at ${new Date(retryAt).toLocaleTimeString([], { hour: '2-digit', minute: '2-digit', second: '2-digit' })}`;
