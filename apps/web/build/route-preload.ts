/**
 * A signed-in page's chunks start loading as soon as the document is parsed, beside the entry
 * (issue #19, the signed-in first load). Without it the chain was entry → (evaluated, routed)
 * shell chunks → (evaluated) page chunk → its imports: two round trips and two scripts' evaluation
 * before the page's own files were asked for. The entry cannot start the page chunk itself: pages
 * reachable from the entry make Rolldown split the shell's chunk in pieces.
 *
 * So the build writes a small script of its own (`assets/route-preload-[hash].js`, loaded by
 * index.html before the entry) holding, for each module path of `src/app/module-pages.ts`, the
 * files its page chunk loads (JavaScript and CSS, the entry's own left out), and for every
 * /home address the shell's. Run on load, it adds `<link rel="modulepreload">` (and a style
 * preload) for the files of the address opened, the longest module path it starts with; the
 * browser fetches them at once and the entry's imports find them there. Nothing is evaluated
 * early; an address with no page (the login page), or a visitor without a token (sent to the
 * login page), adds nothing.
 *
 * A page chunk's static imports only (a chunk's `imports`, not its `dynamicImports`): what a page
 * loads after its first screen (a dashboard's export bar, tables and lower cards, loaded through
 * components/after-first-screen.tsx) is left to the page, so that those files do not share the
 * line with the first screen's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { SHELL_MODULES } from './load-groups.ts';

type OutputChunk = {
  type: 'chunk';
  fileName: string;
  facadeModuleId: string | null;
  isEntry: boolean;
  imports: string[];
  viteMetadata?: { importedCss: Set<string> };
};
type OutputAsset = { type: 'asset'; fileName: string; source: string | Uint8Array };

const HOME = '/home';
/** The tiles' page at /home exactly: a chunk of its own, lazily loaded by app/home-routes.tsx. */
const HOME_PAGE = 'src/features/home/home-page.tsx';
/**
 * Links added per task: each starts a request, most of a millisecond on a fast machine, and a
 * page with its shell has about sixty (one task for all was a long one at a phone's speed).
 */
const BATCH = 8;
/** Where the app keeps its access token (src/api/token.ts). */
const TOKEN_KEY = 'accessToken';

/** `'/home/x': () => import('../features/x/x-page.tsx')` pairs of module-pages.ts. */
function modulePages(root: string): Map<string, string> {
  const file = path.join(root, 'src/app/module-pages.ts');
  const source = readFileSync(file, 'utf8');
  const pages = new Map<string, string>();
  for (const m of source.matchAll(/'(\/home\/[^']+)':\s*\(\)\s*=>\s*import\('([^']+)'\)/g)) {
    pages.set(m[1]!, path.resolve(path.dirname(file), m[2]!));
  }
  const imports = source.match(/import\(/g)?.length ?? 0;
  if (pages.size === 0 || pages.size !== imports) {
    throw new Error(`route-preload: read ${pages.size} of ${imports} pages in ${file}`);
  }
  return pages;
}

/**
 * The preloading script: the files (under assets/), the shell's (indexes into them), per module
 * path its page's beyond the shell's, and the home page's for /home itself.
 */
function script(
  files: string[],
  shell: number[],
  pages: Record<string, number[]>,
  home: number[],
): string {
  // Only when signed in (the token that api/token.ts keeps): otherwise /home goes to /login.
  return `const f=${JSON.stringify(files)},s=${JSON.stringify(shell)},r=${JSON.stringify(pages)},h=${JSON.stringify(home)},p=location.pathname;
let k,t=null;try{t=localStorage.getItem(${JSON.stringify(TOKEN_KEY)})}catch{}
if(t&&(p===${JSON.stringify(HOME)}||p.startsWith(${JSON.stringify(`${HOME}/`)}))){
for(const q in r)if((p===q||p.startsWith(q+'/'))&&(!k||q.length>k.length))k=q;
const a=(k?s.concat(r[k]):s).concat(p===${JSON.stringify(HOME)}||p===${JSON.stringify(`${HOME}/`)}?h:[]);let n=0;const step=()=>{const d=document.createDocumentFragment();
for(const i of a.slice(n,n+=${BATCH})){const l=document.createElement('link'),u='/assets/'+f[i];
if(u.endsWith('.css')){l.rel='preload';l.as='style'}else l.rel='modulepreload';
l.crossOrigin='';l.href=u;d.append(l)}document.head.append(d);if(n<a.length)setTimeout(step)};step()}
`;
}

export function routePreload(): Plugin {
  let root = process.cwd();
  return {
    name: 'spotzcity-route-preload',
    apply: 'build',
    enforce: 'post',
    configResolved(config) {
      root = config.root;
    },
    generateBundle(_options, bundle) {
      const chunks = Object.values(bundle).filter(
        (o): o is OutputChunk & (typeof bundle)[string] => o.type === 'chunk',
      ) as unknown as OutputChunk[];
      const byFile = new Map(chunks.map((c) => [c.fileName, c]));
      const byModule = new Map(
        chunks.filter((c) => c.facadeModuleId).map((c) => [path.resolve(c.facadeModuleId!), c]),
      );
      const closure = (start: OutputChunk[]) => {
        const files = new Set<string>();
        const visit = (chunk: OutputChunk) => {
          if (files.has(chunk.fileName)) return;
          files.add(chunk.fileName);
          for (const css of chunk.viteMetadata?.importedCss ?? []) files.add(css);
          for (const imported of chunk.imports) {
            const next = byFile.get(imported);
            if (next) visit(next);
          }
        };
        start.forEach(visit);
        return files;
      };
      const chunkOf = (module: string) => {
        const chunk = byModule.get(path.resolve(root, module));
        if (!chunk) throw new Error(`route-preload: no chunk for ${module}`);
        return chunk;
      };
      const entryFiles = closure(chunks.filter((c) => c.isEntry));
      const shell = SHELL_MODULES.map(chunkOf);
      const files: string[] = [];
      const indexOf = (file: string) => {
        if (!file.startsWith('assets/'))
          throw new Error(`route-preload: ${file} is not in assets/`);
        const name = file.slice('assets/'.length);
        const at = files.indexOf(name);
        return at >= 0 ? at : files.push(name) - 1;
      };
      const shellFiles = closure(shell);
      const shellList = [...shellFiles].filter((f) => !entryFiles.has(f)).map(indexOf);
      const pages: Record<string, number[]> = {};
      for (const [prefix, module] of modulePages(root)) {
        pages[prefix] = [...closure([chunkOf(path.relative(root, module))])]
          .filter((f) => !entryFiles.has(f) && !shellFiles.has(f))
          .map(indexOf);
      }
      const homeList = [...closure([chunkOf(HOME_PAGE)])]
        .filter((f) => !entryFiles.has(f) && !shellFiles.has(f))
        .map(indexOf);
      const fileName = this.getFileName(
        this.emitFile({
          type: 'asset',
          name: 'route-preload.js',
          source: script(files, shellList, pages, homeList),
        }),
      );
      const html = bundle['index.html'] as unknown as OutputAsset | undefined;
      if (!html) throw new Error('route-preload: index.html is not in the bundle');
      const source = String(html.source);
      const entryTag = source.indexOf('<script type="module"');
      if (entryTag < 0) throw new Error('route-preload: index.html has no module script');
      html.source =
        source.slice(0, entryTag) +
        `<script type="module" src="/${fileName}"></script>\n    ` +
        source.slice(entryTag);
    },
  };
}
