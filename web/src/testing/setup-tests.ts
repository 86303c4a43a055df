import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

// Vitest runs without globals, so Testing Library cannot register its own cleanup.
afterEach(() => cleanup());

// A screen's first render loads its lazy parts; on 2 busy cores that can take longer than Testing Library's
// 1 s default, so `findBy…` and `waitFor` wait up to 5 s (what never shows still fails, only later).
configure({ asyncUtilTimeout: 5_000 });
