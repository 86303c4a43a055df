/**
 * A call's query as the API client writes it after the path ('' when it has none): each key with a value, in
 * the query's order. Imports nothing: the document's first script writes its early requests with it
 * (app/routes/first-requests.ts), and the client's own call must name the same URL to take their answers.
 */
export const searchOf = (query: Record<string, unknown> = {}): string => {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null) search.append(key, String(value));
  }
  return search.size ? `?${search}` : '';
};
