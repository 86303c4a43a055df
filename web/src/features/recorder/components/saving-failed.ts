/** What the recorder says when the device would not save an action (IndexedDB full, closed, refused). */
export const savingFailedText = (error: unknown) =>
  `Could not save on this device: ${error instanceof Error ? error.message : String(error)}`;
