import type { Rolldown } from 'vite';

type ModuleGraph = Rolldown.ChunkingContext;

/**
 * The code each document runs at once, from its entry's static imports, in the order a browser may meet them:
 * the public pages', the sign-in pages', the app's first requests (main.tsx) and the dashboard's first screen
 * (issue 30), which /app draws for an owner (its shell, its page, and what start-app.tsx renders them with).
 */
const LAYERS: { name: string; starts: string[]; later?: true }[] = [
  { name: 'public', starts: ['src/public-page.ts'] },
  { name: 'sign-in', starts: ['src/sign-in.tsx'] },
  // What the sign-in pages load later (the forms' schemas and client): shared with the dashboard in chunks
  // apart, so that a sign-in page never loads the dashboard's chunk (nor runs start-app.tsx in it).
  { name: 'sign-in-later', starts: ['src/sign-in.tsx'], later: true },
  { name: 'public-later', starts: ['src/public-page.ts'], later: true },
  { name: 'app-start', starts: ['src/main.tsx'] },
  {
    name: 'dashboard',
    starts: [
      'src/start-app.tsx',
      'src/app/routes/start-early.ts',
      'src/components/layouts/app-layout.tsx',
      'src/features/dashboard/dashboard-page.tsx',
    ],
  },
];
/** The documents' entries: every layer's start but the dashboard's (a dynamic import of main.tsx's). */
const ENTRIES = new Set(
  LAYERS.filter((layer) => layer.name !== 'dashboard').flatMap((layer) => layer.starts),
);

const webRoot = new URL('.', import.meta.url).pathname;

/** The modules `starts` import, and with `later` those they import dynamically too. */
const closure = (graph: ModuleGraph, starts: string[], later = false) => {
  const seen = new Set<string>();
  const visit = (id: string) => {
    if (seen.has(id)) return;
    seen.add(id);
    const info = graph.getModuleInfo(id);
    for (const imported of info?.importedIds ?? []) visit(imported);
    if (later) for (const imported of info?.dynamicallyImportedIds ?? []) visit(imported);
  };
  for (const start of starts) visit(webRoot + start);
  return seen;
};

let computed: { graph: ModuleGraph; chunkOf: Map<string, string> } | undefined;

/**
 * A module's chunk, named by the layers that run it ('sign-in-and-dashboard'): one chunk for the dashboard's
 * own code, one for each set of layers that share code. A document's entry keeps its chunk, and a module only
 * one layer but the dashboard's runs is left where rolldown puts it.
 */
const chunkOf = (id: string, graph: ModuleGraph): string | undefined => {
  if (computed?.graph !== graph) {
    const closures = LAYERS.map((layer) => closure(graph, layer.starts, layer.later));
    const chunks = new Map<string, string>();
    for (const module of new Set(closures.flatMap((closure) => [...closure]))) {
      if (ENTRIES.has(module.slice(webRoot.length))) continue;
      const runBy = LAYERS.filter((_, index) => closures[index]?.has(module))
        .map((layer) => layer.name)
        .filter((name, _, names) => !name.endsWith('-later') || !names.includes(name.replace(/-later$/, '')));
      if (runBy.length > 1 || runBy[0] === 'dashboard') chunks.set(module, runBy.join('-and-'));
    }
    computed = { graph, chunkOf: chunks };
  }
  return computed.chunkOf.get(id);
};

/** Every set of layers, the sets whose code runs first before the others. */
const layerSets = (): string[][] =>
  Array.from({ length: 2 ** LAYERS.length - 1 }, (_, bits) =>
    LAYERS.filter((_, index) => (bits + 1) & (1 << index)).map((layer) => layer.name),
  );
const rank = (set: string[]) => {
  const first = LAYERS.findIndex((layer) => layer.name === set[0]);
  return (LAYERS.length - first) * 10 + set.length;
};

/**
 * The dashboard's first screen in a few large chunks instead of ~75 small ones (issue 30): a returning
 * browser pays for each script on the page's thread (taking it from the cache, linking it, its preload link)
 * more than for its bytes, while /, /login and the app's first requests load the same code as before. A
 * group takes along the dependencies no group of a higher priority took, so the code that runs first (whose
 * dependencies it also runs) goes first.
 */
export const chunkGroups: Rolldown.CodeSplittingGroup[] = layerSets().map((set) => {
  const name = set.join('-and-');
  return { name: (id, graph) => (chunkOf(id, graph) === name ? name : null), priority: rank(set) };
});
