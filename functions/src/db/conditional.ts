/**
 * DynamoDB's refusal of a conditional write, as a value. ElectroDB wraps the SDK's error (as `cause`), and a
 * transaction names each refused item in its cancellation reasons; the error's name and codes say which it
 * was, so nothing here reads a message.
 */
export const isConditionFailure = (error: unknown): boolean => {
  for (let at: unknown = error, depth = 0; at instanceof Error && depth < 5; at = at.cause, depth++) {
    if (at.name === 'ConditionalCheckFailedException') return true;
    if (at.name === 'TransactionCanceledException') {
      const reasons = (at as { CancellationReasons?: { Code?: string }[] }).CancellationReasons ?? [];
      return reasons.some((reason) => reason.Code === 'ConditionalCheckFailed');
    }
  }
  return false;
};

/** Runs a conditional write: `true` when it was written, `false` when its condition refused it. */
export const writeIf = async (write: Promise<unknown>): Promise<boolean> => {
  try {
    await write;
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
};

/**
 * A write's condition that the item is as read: its `updatedAt` (which every write of it moves) unchanged, or
 * still absent.
 */
export const unchangedSince =
  (updatedAt: string | undefined) =>
  <A>(
    attributes: { updatedAt: A },
    { eq, notExists }: { eq: (attr: A, value: string) => string; notExists: (attr: A) => string },
  ) =>
    updatedAt === undefined ? notExists(attributes.updatedAt) : eq(attributes.updatedAt, updatedAt);

/**
 * How a transaction that creates one item (its first) went, as a value: written; refused because that item
 * exists already (a racing copy of the same create won: read what is there); or refused by another of its
 * conditions.
 */
export type CreateOutcome = 'written' | 'exists' | 'refused';

export const createOutcome = (result: {
  canceled: boolean;
  data: readonly { rejected: boolean }[];
}): CreateOutcome => {
  if (!result.canceled) return 'written';
  return result.data[0]?.rejected ? 'exists' : 'refused';
};
