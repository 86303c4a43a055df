import { useMemo } from 'react';
import { Recorder } from './components/recorder.tsx';
import { shrinkPhotoInWorker } from './photos/shrink-photo.ts';
import { RecorderServicesProvider } from './recorder-services.tsx';
import { getOutbox, getRecorderStore } from './store/index.ts';

/** /app/record: the walk recorder, over the device's store and outbox. */
export const RecorderPage = () => {
  const services = useMemo(
    () => ({ store: getRecorderStore(), outbox: getOutbox(), shrinkPhoto: shrinkPhotoInWorker }),
    [],
  );
  return (
    <RecorderServicesProvider value={services}>
      <Recorder />
    </RecorderServicesProvider>
  );
};
