import { useRouteError } from 'react-router';
import { ErrorPanel } from '../../components/error-panel.tsx';

/** /app/error: where list calls go when they fail unexpectedly; the message, if any, comes as state. */
export const AppErrorRoute = () => <ErrorPanel />;

/** A page under /app that threw: the shell stays, the error panel takes the page's place. */
export const AppRouteErrorBoundary = () => <ErrorPanel error={useRouteError() ?? null} />;
