/**
 * A table, bucket and user pool of its own for one test file, on the stand-ins started by global-setup.ts.
 * It lives in infra/local/standins/isolated.ts so that infra's own integration tests can use it too.
 */
export {
  isolatedEnvironment,
  type IsolatedEnvironment,
  type IsolatedEnvironmentOptions,
} from '../../infra/local/standins/isolated.ts';
