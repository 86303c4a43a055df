import { useState } from 'react';
import { useRecorderServices } from '../recorder-services.tsx';

/**
 * A photo form's progress in making its photos smaller on the phone: whether one is being prepared, the
 * warning about the last one prepared, and why one was refused; with the recorder's `shrinkPhoto`.
 */
export const usePhotoProgress = () => {
  const { shrinkPhoto } = useRecorderServices();
  const [preparing, setPreparing] = useState(false);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  return { shrinkPhoto, preparing, setPreparing, notice, setNotice, problem, setProblem };
};
