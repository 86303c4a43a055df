/**
 * The fields a list's search matches, lower-cased and one to a line, for a `contains` FilterExpression on the
 * item (DynamoDB compares case-sensitively and has no lower()). A term holding a line break matches nothing
 * the search box could send (the term is trimmed) across two fields.
 */
export const searchTextOf = (fields: readonly (string | undefined)[]) =>
  fields
    .filter((field) => field !== undefined && field !== '')
    .join('\n')
    .toLowerCase();

/** A search box's term as the search compares it (trimmed, lower-cased); undefined for none. */
export const searchNeedle = (searchTerm: string | undefined) => searchTerm?.trim().toLowerCase() || undefined;
