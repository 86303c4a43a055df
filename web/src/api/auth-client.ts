import { authRoutes } from '@sitewalk/shared/contract/auth';
import { createApiClient } from '../lib/api-client.ts';

/**
 * The sign-in pages' client: the contract's public auth routes only, so these pages load no other schema.
 * They hold no token: a sign-in sets the refresh cookie, and the app gets its own token from it at start.
 */
export const authApi = createApiClient({ routes: authRoutes });
