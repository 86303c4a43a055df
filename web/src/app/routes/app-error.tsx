import { ErrorPanel } from '../../components/error-panel.tsx';

/** /app/error: where list calls go when they fail unexpectedly; the message, if any, comes as state. */
export const AppErrorRoute = () => <ErrorPanel />;
