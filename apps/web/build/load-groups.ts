/**
 * Fewer files on a page's first load (docs/first-load.md). Rolldown gives every set of
 * modules that the same lazily loaded parts share a chunk of its own: the signed-in shell came in
 * 19 files and the Spend Dashboard's first screen in 23 more, most under 2 KB. A browser asks one
 * server for at most six files at a time over HTTP/1.1, each answer a round trip, so on a phone's
 * line the number of files cost more than their bytes.
 *
 * `loadGroups` builds the app once without writing it (a survey, in `SURVEY_MODE`), reads which
 * chunks came out, and plans groups for `output.codeSplitting.groups` (`planGroups`):
 * - `entry`: the entry's chunks (React's aside) in one file; all of them load with it anyway;
 * - `shell`: the chunks the signed-in shell loads with it (app/router.tsx) beyond the entry's;
 *   every /home address loads all of them anyway;
 * - `shared`: the small chunks (under `SHARED_MAX_BYTES` minified) that lazily loaded parts
 *   share: one file, cached once, instead of dozens. The large shared libraries (the table, the
 *   select, the charts) keep files of their own, so a page does not wait for code it does not use;
 * - `forms`: those of the small shared chunks that need zod, so that `shared` does not.
 *
 * The survey is needed because the module graph alone says too much: `import { Button } from
 * 'antd'` reaches every antd component through the package's index, and only the bundler's
 * chunks say which modules each part really loads.
 *
 * A group takes its modules' dependencies with it unless a group of a higher priority has them:
 * so each group below is planned to need only what groups above it hold, and the chunks that must
 * keep their shape (what the login page loads lazily) are groups of their own.
 */
import path from 'node:path';
import { build, type Rolldown } from 'vite';

/** The build mode of the survey: vite.config.ts plans no groups in it. */
export const SURVEY_MODE = 'load-groups-survey';

/** The shell and what the router loads with it for every /home address (app/router.tsx). */
export const SHELL_MODULES = [
  'src/app/shell/app-shell.tsx',
  'src/app/antd-providers.tsx',
  'src/app/require-auth.tsx',
];

/** vite.config.ts's group of zod: the small chunks that need it are grouped apart (`forms`). */
export const FORMS_VENDOR = 'zod';

/** index.html's own script: it stays the entry chunk's. */
const ENTRY_MODULE = 'src/main.tsx';

/**
 * A shared chunk smaller than this (minified bytes, ~3 KB compressed) joins `shared`. Above it are
 * antd's breadcrumb and dropdown (~10 KB), then its form, select and table.
 */
export const SHARED_MAX_BYTES = 10_000;

export type Group = { name: string; test: (id: string) => boolean; priority: number };

/** What `planGroups` reads of a chunk (Rolldown's OutputChunk has all of it). */
export type SurveyChunk = Pick<
  Rolldown.OutputChunk,
  | 'name'
  | 'fileName'
  | 'isEntry'
  | 'isDynamicEntry'
  | 'facadeModuleId'
  | 'moduleIds'
  | 'imports'
  | 'dynamicImports'
> & { code: string };

/** Groups of `vendorNames` (vite.config.ts's own) take their modules before these. */
export function planGroups(
  chunks: SurveyChunk[],
  root: string,
  vendorNames: string[],
  sharedMaxBytes = SHARED_MAX_BYTES,
): Group[] {
  const byFile = new Map(chunks.map((c) => [c.fileName, c]));
  const chunkOf = (file: string) => {
    const chunk = byFile.get(file);
    if (!chunk) throw new Error(`load-groups: the survey has no chunk ${file}`);
    return chunk;
  };
  const closure = (starts: SurveyChunk[]) => {
    const seen = new Set<SurveyChunk>();
    const visit = (chunk: SurveyChunk) => {
      if (seen.has(chunk)) return;
      seen.add(chunk);
      chunk.imports.map(chunkOf).forEach(visit);
    };
    starts.forEach(visit);
    return seen;
  };
  const ids = (list: Iterable<SurveyChunk>) => new Set([...list].flatMap((c) => c.moduleIds));
  const groupOf = (name: string, members: Set<string>, priority: number): Group => ({
    name,
    test: (id) => members.has(id),
    priority,
  });

  // The entry's chunks, but for index.html's own module: it stays the entry.
  const first = closure(chunks.filter((c) => c.isEntry));
  const entry = ids([...first].filter((c) => !vendorNames.includes(c.name)));
  for (const m of ['index.html', ENTRY_MODULE]) entry.delete(path.resolve(root, m));

  // What the entry loads lazily beside the routes (the login page's sign-in rules) keeps its shape,
  // in groups above the shell's: were its modules in `shell` or `shared`, the login page would
  // load that group. It needs only the entry's, React's, zod's and its own.
  const apart = [
    ...closure(
      [...first].flatMap((c) => c.dynamicImports.map(chunkOf)).filter((c) => !c.isDynamicEntry),
    ),
  ].filter((c) => !first.has(c) && !vendorNames.includes(c.name));

  // A group takes its modules' dependencies with it: a chunk of those that another one imports
  // (the enums the sign-in rules import) needs a higher priority than its importer to keep its
  // shape, or the importer's group takes it in, and with it whatever else the importer brings
  // (the rules' zod) to every page that needs only the dependency (a dashboard's labels).
  const depth = (chunk: SurveyChunk, seen = new Set<SurveyChunk>()): number => {
    seen.add(chunk);
    const importers = apart.filter((c) => !seen.has(c) && c.imports.includes(chunk.fileName));
    return Math.max(0, ...importers.map((c) => 1 + depth(c, new Set(seen))));
  };

  // The shell: every chunk it loads, but for the entry modules of its own (the router imports
  // those) and what is kept apart.
  const shellRoots = SHELL_MODULES.map((m) => {
    const chunk = chunks.find((c) => c.facadeModuleId === path.resolve(root, m));
    if (!chunk) throw new Error(`load-groups: no chunk for ${m}`);
    return chunk;
  });
  const shellChunks = closure(shellRoots);
  const shell = new Set<string>();
  for (const chunk of shellChunks) {
    if (first.has(chunk) || apart.includes(chunk)) continue;
    const own = shellRoots.includes(chunk) ? chunk.facadeModuleId : null;
    for (const id of chunk.moduleIds) if (id !== own) shell.add(id);
  }

  // `shared`: the small chunks that import only what is above it or in `shared` itself, so that
  // it takes no large library with it (nor a global stylesheet's chunk, below).
  const above = new Set([
    ...first,
    ...shellChunks,
    ...apart,
    ...chunks.filter((c) => vendorNames.includes(c.name)),
  ]);
  // Nor a chunk that brings a global stylesheet (print.css): its rules apply from when it loads.
  const globalStyles = (c: SurveyChunk) =>
    c.moduleIds.some((id) => /\.css$/.test(id) && !/\.module\.css$/.test(id));
  const small = new Set(
    chunks.filter(
      (c) =>
        !above.has(c) && !c.isDynamicEntry && c.code.length < sharedMaxBytes && !globalStyles(c),
    ),
  );
  for (let changed = true; changed;) {
    changed = false;
    for (const chunk of small) {
      if (chunk.imports.map(chunkOf).some((c) => !above.has(c) && !small.has(c))) {
        small.delete(chunk);
        changed = true;
      }
    }
  }

  // The small chunks that need zod (forms' rules, the API's schemas), directly or through another
  // small one, in a group of their own: a page whose first screen shows no form (a dashboard)
  // loads `shared` without zod's 23 KB and without running its schemas' construction, a long
  // task on a phone. Below `shared`, so that `shared` keeps its modules when `forms` needs them.
  const needsZod = new Map<SurveyChunk, boolean>();
  const reachesZod = (chunk: SurveyChunk): boolean => {
    let known = needsZod.get(chunk);
    if (known === undefined) {
      needsZod.set(chunk, false); // an import cycle adds nothing
      known = chunk.name === FORMS_VENDOR || chunk.imports.map(chunkOf).some(reachesZod);
      needsZod.set(chunk, known);
    }
    return known;
  };
  const forms = new Set([...small].filter(reachesZod));
  const plain = [...small].filter((c) => !forms.has(c));

  return [
    groupOf('entry', entry, 19),
    // Between the shell's and the entry's priorities, deeper dependencies higher.
    ...apart.map((c) => groupOf(c.name, new Set(c.moduleIds), 13 + Math.min(depth(c), 5))),
    groupOf('shell', shell, 12),
    groupOf('shared', ids(plain), 5),
    groupOf('forms', ids(forms), 4),
  ];
}

/** The survey, then the plan: for vite.config.ts, in a build that writes the app. */
export async function loadGroups(root: string, vendorNames: string[]): Promise<Group[]> {
  const result = await build({
    root,
    mode: SURVEY_MODE,
    logLevel: 'silent',
    build: { write: false, manifest: false },
  });
  const outputs = (Array.isArray(result) ? result : [result]) as Rolldown.RolldownOutput[];
  const chunks = outputs
    .flatMap((o) => o.output)
    .filter((o): o is Rolldown.OutputChunk => o.type === 'chunk');
  return planGroups(chunks, root, vendorNames);
}
