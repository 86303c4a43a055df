import { readRosterCsv, type RosterCsv } from './roster-csv.ts';

/** One file to read, and the answer, matched by `id` (parse-roster-csv.ts). */
export interface RosterCsvRequest {
  id: number;
  file: Blob;
}
export type RosterCsvAnswer = { id: number; csv: RosterCsv } | { id: number; failure: string };

// The app's TypeScript knows the DOM, not a worker's global scope: only the two members used here.
const scope = self as unknown as {
  onmessage: ((event: MessageEvent<RosterCsvRequest>) => void) | null;
  postMessage: (answer: RosterCsvAnswer) => void;
};

scope.onmessage = ({ data: { id, file } }) => {
  void file
    .text()
    .then((text) => scope.postMessage({ id, csv: readRosterCsv(text) }))
    .catch((error: unknown) =>
      scope.postMessage({
        id,
        failure: error instanceof Error ? error.message : 'The file could not be read',
      }),
    );
};
