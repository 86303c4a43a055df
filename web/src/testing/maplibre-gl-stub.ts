/** `maplibre-gl` for component tests (see react-map-gl-stub.tsx): the worker URL the map was given. */
export const workerUrls: string[] = [];
export const setWorkerUrl = (url: string) => void workerUrls.push(url);
