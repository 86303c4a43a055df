import { Spinner } from '../../components/spinner.tsx';

/** /app/loading: the loading page of the protected area. */
export const AppLoadingRoute = () => <Spinner />;
