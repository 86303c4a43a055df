import { createQueryClient } from '../lib/query.ts';

/** The app's one query cache: the pages' queries, and what the router asks for before a page's code runs. */
export const queryClient = createQueryClient();
